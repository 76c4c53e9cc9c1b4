"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { submitPlanAction } from "@/lib/plans/actions";
import type { PlanMove } from "@/lib/plans/states";
import styles from "@/components/ui/record-screen.module.css";

// A plan's moves: only those lib/plans/states.ts and the deadline allow the viewer (the services
// check again). The dealer edits or revises in the plan form and submits; sales operations review
// in a drawer. Both forms load on the first click.

const PlanForm = antdDynamic(() => import("./plan-form").then((m) => m.PlanForm));
const PlanReview = antdDynamic(() => import("./plan-review").then((m) => m.PlanReview));

export type ReviewLine = { id: number; label: string; requestedQty: number; quantity: number };
type Props = { plan: { id: number; planNo: string; moves: PlanMove[] }; lines: ReviewLine[] };

export function PlanActions({ plan, lines }: Props) {
  const t = useTranslations("Plans.actions");
  const router = useRouter();
  const [pending, start] = useTransition();
  const [open, setOpen] = useState<"edit" | "review" | null>(null);
  const { moves } = plan;
  if (moves.length === 0) return null;
  const editable = moves.includes("save") || moves.includes("revise");
  const reviewable = moves.includes("approve") || moves.includes("return") || moves.includes("adjust");

  const submit = () =>
    start(async () => {
      const ok = await confirmDialog({ title: plan.planNo, content: t("confirmSubmit", { planNo: plan.planNo }), okText: t("yes"), cancelText: t("no") });
      if (!ok) return;
      const res = await submitPlanAction({ id: plan.id }).catch(() => null);
      if (!res) return void toast("error", t("failed"));
      if (!res.ok) return void actionFailed(res);
      toast("success", t("done.submit", { planNo: plan.planNo }));
      router.refresh();
    });

  return (
    <div data-testid="plan-actions" style={{ marginTop: 16 }}>
      <div className={styles.buttons}>
        {editable && (
          <button type="button" className={styles.button} disabled={pending} onClick={() => setOpen("edit")} data-testid="plan-edit">
            {moves.includes("revise") ? t("revise") : t("edit")}
          </button>
        )}
        {moves.includes("submit") && (
          <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={submit} data-testid="plan-submit">
            {t("submit")}
          </button>
        )}
        {reviewable && (
          <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => setOpen("review")} data-testid="plan-review">
            {t("review")}
          </button>
        )}
      </div>
      {open === "edit" && <PlanForm planId={plan.id} planNo={plan.planNo} onClose={() => setOpen(null)} />}
      {open === "review" && <PlanReview plan={plan} lines={lines} onClose={() => setOpen(null)} />}
    </div>
  );
}
