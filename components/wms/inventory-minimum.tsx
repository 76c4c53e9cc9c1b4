"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import { setMinimumAction } from "@/lib/wms/inventory/actions";
import own from "./inventory.module.css";

// The drill-in's minimum: one native number box, saved by the server (which checks it with
// ZSetMinimum and answers a refusal on the field by name). Empty clears it.

export function MinimumForm({ goodsId, minQty }: { goodsId: number; minQty: number | null }) {
  const t = useTranslations("WmsInventory");
  const uid = useId();
  const router = useRouter();
  const [text, setText] = useState(minQty === null ? "" : String(minQty));
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const save = (value: string) =>
    start(async () => {
      const res = await setMinimumAction({ goodsId, minQty: value });
      if (!res.ok) {
        if (res.fieldErrors?.minQty) setError(res.fieldErrors.minQty);
        else actionFailed(res);
        return;
      }
      setError(null);
      toast("success", res.data.minQty === null ? t("minimum.cleared") : t("minimum.saved"));
      router.refresh();
    });

  return (
    <form
      className={own.minimum}
      style={{ marginTop: 16 }}
      onSubmit={(e) => {
        e.preventDefault();
        save(text);
      }}
      data-testid="minimum-form"
    >
      <label className={styles.field} htmlFor={`${uid}-min`}>
        {t("minimum.title")}
        <input
          id={`${uid}-min`}
          className={styles.input}
          inputMode="numeric"
          maxLength={8}
          value={text}
          aria-invalid={!!error}
          aria-describedby={`${uid}-hint${error ? ` ${uid}-e` : ""}`}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          disabled={pending}
          data-testid="minimum-input"
        />
      </label>
      <div className={styles.buttons}>
        <button type="submit" className={styles.buttonPrimary} disabled={pending} data-testid="minimum-save">
          {pending ? t("minimum.saving") : t("minimum.save")}
        </button>
        {minQty !== null && (
          <button
            type="button"
            className={styles.button}
            disabled={pending}
            onClick={() => {
              setText("");
              save("");
            }}
            data-testid="minimum-clear"
          >
            {t("minimum.clear")}
          </button>
        )}
      </div>
      <p id={`${uid}-hint`} className={styles.muted} style={{ flexBasis: "100%", margin: 0 }}>
        {t("minimum.hint")}
      </p>
      {error && (
        <p id={`${uid}-e`} className={own.error} role="alert" data-testid="minimum-error">
          {error}
        </p>
      )}
    </form>
  );
}
