"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { receiveReturnsAction } from "@/lib/after-sales/returns/actions";
import type { SalesReturnMove } from "@/lib/after-sales/returns/states";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import type { DictItemView } from "@/lib/dict/items";
import styles from "@/components/ui/record-screen.module.css";
import type { MoveTarget } from "./return-move-dialog";
import own from "./returns.module.css";

// Staff's buttons on a return log: receive every shipped item of the batch at once, or one item;
// complete a received item with the deal type carried out (a small form loaded on first click).
const MoveDialog = antdDynamic(() => import("./return-move-dialog").then((m) => m.ReturnMoveDialog));

function useReceive(batchId: number) {
  const t = useTranslations("SalesReturns.actions");
  const tc = useTranslations("Common");
  const router = useRouter();
  const [pending, start] = useTransition();
  const receive = (confirm: { title: string; content: string }, returnIds?: number[]) =>
    start(async () => {
      if (!(await confirmDialog({ ...confirm, okText: t("receive"), cancelText: t("close") }))) return;
      try {
        const res = await receiveReturnsAction({ batchId, returnIds });
        if (!res.ok) return void actionFailed(res);
        toast("success", t("done.receive", { count: res.data.received.length }));
        router.refresh();
      } catch {
        toast("error", tc("networkError"));
      }
    });
  return { receive, pending };
}

export function BatchReceiveAll({ batchId, batchNo, shipped }: { batchId: number; batchNo: string; shipped: number }) {
  const t = useTranslations("SalesReturns.actions");
  const { receive, pending } = useReceive(batchId);
  return (
    <button
      type="button"
      className={styles.buttonPrimary}
      disabled={pending}
      data-testid="return-batch-receive-all"
      onClick={() => receive({ title: t("receiveAllTitle", { batchNo }), content: t("receiveAllText", { count: shipped }) })}
    >
      {t("receiveAll")}
    </button>
  );
}

export function BatchItemActions({ batchId, target, moves, dealTypes }: { batchId: number; target: MoveTarget; moves: SalesReturnMove[]; dealTypes: DictItemView[] }) {
  const t = useTranslations("SalesReturns.actions");
  const router = useRouter();
  const { receive, pending } = useReceive(batchId);
  const [completing, setCompleting] = useState(false);
  if (!moves.includes("receive") && !moves.includes("complete")) return <span>—</span>;
  return (
    <div className={`${styles.buttons} ${own.rowActions}`} data-testid="return-item-actions">
      {moves.includes("receive") && (
        <button
          type="button"
          className={styles.button}
          disabled={pending}
          data-testid="return-item-receive"
          onClick={() => receive({ title: t("receiveTitle", { returnNo: target.returnNo }), content: t("receiveText") }, [target.id])}
        >
          {t("receive")}
        </button>
      )}
      {moves.includes("complete") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => setCompleting(true)} data-testid="return-item-complete">
          {t("complete")}
        </button>
      )}
      {completing && (
        <MoveDialog
          move="complete"
          target={target}
          dealTypes={dealTypes}
          onClose={(done) => {
            setCompleting(false);
            if (done) router.refresh();
          }}
        />
      )}
    </div>
  );
}
