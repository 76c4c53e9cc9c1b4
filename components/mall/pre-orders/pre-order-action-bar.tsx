"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { cancelPreOrderAction, convertPreOrderAction } from "@/lib/mall/pre-orders/actions";
import type { PreOrderMove } from "@/lib/mall/pre-orders/states";
import styles from "@/components/ui/record-screen.module.css";

// The detail's buttons: only the moves the state table and the viewer's permissions allow (the
// server refuses the rest anyway). Cancel and convert ask first; confirm and reject open a
// small form that loads with its own chunk on first click.
const MoveDialog = antdDynamic(() => import("./pre-order-move-dialog").then((m) => m.PreOrderMoveDialog));

type Props = { id: number; preOrderNo: string; moves: PreOrderMove[]; goods: string; quantity: number; company: string; stock: number | null };

export function PreOrderActionBar({ id, preOrderNo, moves, goods, quantity, company }: Props) {
  const t = useTranslations("PreOrders.actions");
  const router = useRouter();
  const [dialog, setDialog] = useState<"confirm" | "reject" | null>(null);
  const [pending, start] = useTransition();
  if (moves.length === 0) return null;

  const run = (move: "cancel" | "staffCancel" | "convert") =>
    start(async () => {
      const ok = await confirmDialog(
        move === "convert"
          ? { title: t("convertTitle", { preOrderNo }), content: t("convertText", { quantity, goods, company }), okText: t("convert"), cancelText: t("close") }
          : { title: t("cancelTitle", { preOrderNo }), content: t("cancelText"), okText: t(move), cancelText: t("close"), danger: true },
      );
      if (!ok) return;
      const res = move === "convert" ? await convertPreOrderAction({ id }) : await cancelPreOrderAction({ id });
      if (!res.ok) return void actionFailed(res);
      toast("success", move === "convert" ? t("done.convert", { orderNo: res.data.orderNo ?? "" }) : t(`done.${move}`));
      router.refresh();
    });

  return (
    <div className={styles.buttons} data-testid="pre-order-actions">
      {moves.includes("confirm") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => setDialog("confirm")} data-testid="pre-order-confirm">
          {t("confirm")}
        </button>
      )}
      {moves.includes("convert") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => run("convert")} data-testid="pre-order-convert">
          {t("convert")}
        </button>
      )}
      {moves.includes("reject") && (
        <button type="button" className={styles.buttonDanger} disabled={pending} onClick={() => setDialog("reject")} data-testid="pre-order-reject">
          {t("reject")}
        </button>
      )}
      {moves.includes("cancel") && (
        <button type="button" className={styles.buttonDanger} disabled={pending} onClick={() => run("cancel")} data-testid="pre-order-cancel">
          {t("cancel")}
        </button>
      )}
      {moves.includes("staffCancel") && (
        <button type="button" className={styles.buttonDanger} disabled={pending} onClick={() => run("staffCancel")} data-testid="pre-order-cancel">
          {t("staffCancel")}
        </button>
      )}
      {dialog && (
        <MoveDialog
          move={dialog}
          id={id}
          preOrderNo={preOrderNo}
          onClose={(done) => {
            setDialog(null);
            if (done) router.refresh();
          }}
        />
      )}
    </div>
  );
}
