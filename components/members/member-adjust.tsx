"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import { adjustPointsAction } from "@/lib/members/actions";
import own from "./members.module.css";

// The member's points adjustment (holders of memberPoints:adjust): two native fields, checked
// by the server with ZAdjust and the ledger, whose refusals come back on the field they name
// (points: not a whole number, zero, or more than the balance; reason: missing).

export function AdjustForm({ memberId }: { memberId: number }) {
  const t = useTranslations("Members");
  const uid = useId();
  const router = useRouter();
  const [points, setPoints] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, start] = useTransition();

  const submit = () =>
    start(async () => {
      const n = points.trim() === "" ? undefined : /^[+-]?\d+$/.test(points.trim()) ? Number(points.trim()) : points;
      const res = await adjustPointsAction({ id: memberId, points: n, reason });
      if (!res.ok) {
        if (res.fieldErrors) setErrors(res.fieldErrors);
        else actionFailed(res);
        return;
      }
      setErrors({});
      setPoints("");
      setReason("");
      toast("success", t("adjust.done", { balance: res.data.balance }));
      router.refresh();
    });

  const field = (name: "points" | "reason") => ({
    id: `${uid}-${name}`,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `${uid}-${name}-e` : undefined,
  });

  return (
    <form
      className={own.adjust}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="adjust-form"
    >
      <label className={styles.field} htmlFor={`${uid}-points`}>
        {t("fields.points")}
        <input
          {...field("points")}
          className={styles.input}
          inputMode="numeric"
          maxLength={9}
          value={points}
          onChange={(e) => {
            setPoints(e.target.value);
            setErrors(({ points: _, ...rest }) => rest);
          }}
          disabled={pending}
          data-testid="adjust-points"
        />
        {errors.points && (
          <span id={`${uid}-points-e`} className={own.error} role="alert" data-testid="adjust-points-error">
            {errors.points}
          </span>
        )}
      </label>
      <label className={`${styles.field} ${own.reason}`} htmlFor={`${uid}-reason`}>
        {t("fields.reason")}
        <input
          {...field("reason")}
          className={styles.input}
          maxLength={300}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors(({ reason: _, ...rest }) => rest);
          }}
          disabled={pending}
          data-testid="adjust-reason"
        />
        {errors.reason && (
          <span id={`${uid}-reason-e`} className={own.error} role="alert" data-testid="adjust-reason-error">
            {errors.reason}
          </span>
        )}
      </label>
      <div className={styles.buttons}>
        <button type="submit" className={styles.buttonPrimary} disabled={pending} data-testid="adjust-save">
          {pending ? t("adjust.saving") : t("adjust.save")}
        </button>
      </div>
      <p className={styles.muted} style={{ flexBasis: "100%", margin: 0 }}>
        {t("adjust.hint")}
      </p>
    </form>
  );
}
