"use client";

import { Button, Drawer, Input, InputNumber, Space } from "antd";
import "@/components/providers/antd-css";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import type { ActionResult } from "@/lib/actions/action";
import { adjustPlanAction, approvePlanAction, returnPlanAction } from "@/lib/plans/actions";
import { MAX_PLAN_QTY } from "@/lib/plans/options";
import type { PlanMove } from "@/lib/plans/states";
import styles from "@/components/ui/record-screen.module.css";
import type { ReviewLine } from "./plan-actions";

// Sales operations' review drawer (loaded on demand): a planned quantity per line, a comment, and
// Save quantities (the plan stays submitted), Approve (with the changed quantities in the same
// step) or Return to the dealer (a comment is required).

type Props = { plan: { id: number; planNo: string; moves: PlanMove[] }; lines: ReviewLine[]; onClose: () => void };

export function PlanReview({ plan, lines, onClose }: Props) {
  const t = useTranslations("Plans");
  const router = useRouter();
  const [qty, setQty] = useState<Record<number, number | null>>(() => Object.fromEntries(lines.map((l) => [l.id, l.quantity])));
  const [comment, setComment] = useState("");
  const [commentError, setCommentError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = lines.filter((l) => qty[l.id] !== null && qty[l.id] !== l.quantity).map((l) => ({ id: l.id, quantity: qty[l.id] as number }));

  const run = async (move: "adjust" | "approve" | "return") => {
    if (move === "return" && !comment.trim()) return void setCommentError(t("review.commentRequired"));
    setBusy(true);
    let res: ActionResult<unknown> | null;
    if (move === "adjust") res = await adjustPlanAction({ id: plan.id, lines: changed, comment }).catch(() => null);
    else if (move === "approve") res = await approvePlanAction({ id: plan.id, lines: changed, comment }).catch(() => null);
    else res = await returnPlanAction({ id: plan.id, comment }).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", t("actions.failed"));
    if (!res.ok) {
      if (res.fieldErrors?.comment) setCommentError(res.fieldErrors.comment);
      else actionFailed(res);
      return;
    }
    toast("success", t(`actions.done.${move}`, { planNo: plan.planNo }));
    onClose();
    router.refresh();
  };

  return (
    <Drawer open title={t("review.title", { planNo: plan.planNo })} onClose={onClose} size={560} destroyOnHidden data-testid="plan-review-drawer">
      <p className={styles.muted}>{t("review.intro")}</p>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t("detail.lines")}>
        <table className={styles.table} data-testid="plan-review-lines">
          <thead>
            <tr>
              <th>{t("detail.item")}</th>
              <th className={styles.num}>{t("detail.requested")}</th>
              <th>{t("detail.planned")}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} data-testid="plan-review-line" data-label={l.label}>
                <td>{l.label}</td>
                <td className={styles.num}>{l.requestedQty}</td>
                <td>
                  <InputNumber
                    min={0}
                    max={MAX_PLAN_QTY}
                    precision={0}
                    value={qty[l.id]}
                    onChange={(v) => setQty({ ...qty, [l.id]: typeof v === "number" ? v : null })}
                    aria-label={`${t("detail.planned")} ${l.label}`}
                    inputMode="numeric"
                    style={{ width: 110 }}
                    disabled={!plan.moves.includes("adjust")}
                    data-testid="plan-review-quantity"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <label htmlFor="plan-review-comment" style={{ display: "block", marginTop: 16 }}>
        {t("review.comment")}
      </label>
      <Input.TextArea
        id="plan-review-comment"
        rows={3}
        maxLength={500}
        value={comment}
        status={commentError ? "error" : undefined}
        onChange={(e) => {
          setComment(e.target.value);
          setCommentError(null);
        }}
        data-testid="plan-review-comment"
      />
      <p className={styles.muted} role={commentError ? "alert" : undefined}>
        {commentError ?? t("review.commentHint")}
      </p>
      <Space wrap style={{ marginTop: 8 }}>
        {plan.moves.includes("adjust") && (
          <Button onClick={() => void run("adjust")} loading={busy} disabled={!changed.length} data-testid="plan-review-adjust">
            {t("review.saveAdjustments")}
          </Button>
        )}
        {plan.moves.includes("return") && (
          <Button danger onClick={() => void run("return")} loading={busy} data-testid="plan-review-return">
            {t("review.return")}
          </Button>
        )}
        {plan.moves.includes("approve") && (
          <Button type="primary" onClick={() => void run("approve")} loading={busy} data-testid="plan-review-approve">
            {t("review.approve")}
          </Button>
        )}
      </Space>
    </Drawer>
  );
}
