"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { approveReturnAction, receiveReturnsAction } from "@/lib/after-sales/returns/actions";
import type { SalesReturnMove } from "@/lib/after-sales/returns/states";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import type { DictItemView } from "@/lib/dict/items";
import styles from "@/components/ui/record-screen.module.css";
import type { MoveTarget } from "./return-move-dialog";

// A return's buttons: only the moves the state table and the viewer's permissions allow (the
// server refuses the rest anyway). Staff approve or receive (after a confirmation), reject or
// complete (small forms); the dealer ships an approved return in a new delivery batch. Forms load with
// their own chunks on first click.
const MoveDialog = antdDynamic(() => import("./return-move-dialog").then((m) => m.ReturnMoveDialog));
const ShipDialog = antdDynamic(() => import("./ship-dialog").then((m) => m.ShipDialog));

type Props = { target: MoveTarget; moves: SalesReturnMove[]; material: string; quantity: number; batchId: number | null; dealTypes: DictItemView[] };

export function ReturnActionBar({ target, moves, material, quantity, batchId, dealTypes }: Props) {
  const t = useTranslations("SalesReturns.actions");
  const tc = useTranslations("Common");
  const router = useRouter();
  const [dialog, setDialog] = useState<"reject" | "complete" | "ship" | null>(null);
  const [pending, start] = useTransition();
  if (moves.length === 0) return null;

  const run = (move: "approve" | "receive") =>
    start(async () => {
      const ok = await confirmDialog(
        move === "approve"
          ? { title: t("approveTitle", { returnNo: target.returnNo }), content: t("approveText", { quantity, material }), okText: t("approve"), cancelText: t("close") }
          : { title: t("receiveTitle", { returnNo: target.returnNo }), content: t("receiveText"), okText: t("receive"), cancelText: t("close") },
      );
      if (!ok) return;
      try {
        const res = move === "approve" ? await approveReturnAction({ id: target.id }) : await receiveReturnsAction({ batchId: batchId ?? 0, returnIds: [target.id] });
        if (!res.ok) return void actionFailed(res);
        toast("success", move === "approve" ? t("done.approve") : t("done.receive", { count: 1 }));
        router.refresh();
      } catch {
        toast("error", tc("networkError"));
      }
    });

  return (
    <div className={styles.buttons} data-testid="sales-return-actions">
      {moves.includes("approve") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => run("approve")} data-testid="sales-return-approve">
          {t("approve")}
        </button>
      )}
      {moves.includes("receive") && batchId !== null && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => run("receive")} data-testid="sales-return-receive">
          {t("receive")}
        </button>
      )}
      {moves.includes("reject") && (
        <button type="button" className={styles.buttonDanger} disabled={pending} onClick={() => setDialog("reject")} data-testid="sales-return-reject">
          {t("reject")}
        </button>
      )}
      {moves.includes("complete") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => setDialog("complete")} data-testid="sales-return-complete">
          {t("complete")}
        </button>
      )}
      {moves.includes("ship") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => setDialog("ship")} data-testid="sales-return-ship">
          {t("ship")}
        </button>
      )}
      {(dialog === "reject" || dialog === "complete") && (
        <MoveDialog
          move={dialog}
          target={target}
          dealTypes={dealTypes}
          onClose={(done) => {
            setDialog(null);
            if (done) router.refresh();
          }}
        />
      )}
      {dialog === "ship" && <ShipDialog preselected={[target.id]} onClose={() => setDialog(null)} />}
    </div>
  );
}
