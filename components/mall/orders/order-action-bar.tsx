"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { ActionResult } from "@/lib/actions/action";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import type { DictItemView } from "@/lib/dict/items";
import { completeOrderAction, confirmOrderAction } from "@/lib/mall/orders/actions";
import type { OrderMove } from "@/lib/mall/orders/states";
import type { OrderType } from "@/lib/generated/prisma/enums";
import { settle } from "./dialog-result";
import { deleteOrderFromDetailAction } from "./order-ui-actions";
import styles from "./orders.module.css";

// The detail's buttons: only those the state table and the viewer's permissions allow (the
// server decided, and the actions check again). Each asks for confirmation first; the dialogs
// with forms (reason, ship, payment) are fetched on click, so antd's Modal and Form stay out of
// the page's first load.

export type ActionOrder = { id: number; orderNo: string; type: OrderType; status: string; unpaid: string };
type DialogName = "reject" | "cancel" | "staffCancel" | "ship" | "pay";
export type DialogProps = { order: ActionOrder; onClose: () => void; onDone: () => void; payMethods: DictItemView[]; mode: DialogName };

const ReasonDialog = antdDynamic<DialogProps>(() => import("./reason-dialog").then((m) => m.ReasonDialog));
const ShipDialog = antdDynamic<DialogProps>(() => import("./ship-dialog").then((m) => m.ShipDialog));
const PaymentDialog = antdDynamic<DialogProps>(() => import("./payment-dialog").then((m) => m.PaymentDialog));

type Done = OrderMove | "delete" | "pay";
const ORDER: OrderMove[] = ["confirm", "ship", "receive", "complete", "reject", "cancel", "staffCancel"];

export function OrderActionBar({
  order,
  can,
  listHref,
  payMethods,
}: {
  order: ActionOrder;
  can: { moves: OrderMove[]; delete: boolean; pay: boolean };
  listHref: string;
  payMethods: DictItemView[];
}) {
  const t = useTranslations("OrderActions");
  const tc = useTranslations("Common");
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const values = { orderNo: order.orderNo };

  const finish = (done: Done, after?: () => void) => {
    toast("success", t(`done.${done}`, values));
    if (after) after();
    else router.refresh();
  };
  const run = async (ask: "confirm" | "receive" | "complete" | "delete", call: () => Promise<ActionResult<unknown>>, after?: () => void) => {
    const ok = await confirmDialog({ title: t(`ask.${ask}`, values), content: t(`ask.${ask}Text`), okText: t("yes"), cancelText: t("no"), danger: ask === "delete" });
    if (!ok) return;
    startTransition(async () => {
      const res = await settle(call(), tc("networkError"));
      if (res.ok) finish(ask, after);
      else actionFailed(res);
    });
  };

  const click = (m: OrderMove | "delete" | "pay") => {
    if (m === "confirm") return run("confirm", () => confirmOrderAction({ id: order.id }));
    if (m === "receive" || m === "complete") return run(m, () => completeOrderAction({ id: order.id }));
    // The list is rendered afresh on arrival (dynamic page), without the deleted order.
    if (m === "delete")
      return run(
        "delete",
        () => deleteOrderFromDetailAction({ ids: [order.id] }),
        () => router.replace(listHref),
      );
    setDialog(m);
  };

  const buttons: (OrderMove | "delete" | "pay")[] = [
    ...ORDER.filter((m) => can.moves.includes(m)),
    ...(can.pay ? (["pay"] as const) : []),
    ...(can.delete ? (["delete"] as const) : []),
  ];
  if (buttons.length === 0) return null;
  const Dialog = dialog === "ship" ? ShipDialog : dialog === "pay" ? PaymentDialog : ReasonDialog;

  return (
    <div className={styles.actions} role="group" aria-label={t("actions")} data-testid="order-actions">
      {buttons.map((m) => (
        <button
          key={m}
          type="button"
          disabled={busy}
          data-testid={`order-${m}`}
          className={
            m === "confirm" || m === "ship" || m === "receive" || m === "complete"
              ? styles.buttonPrimary
              : m === "delete" || m === "reject" || m === "cancel" || m === "staffCancel"
                ? styles.buttonDanger
                : styles.button
          }
          onClick={() => void click(m)}
        >
          {t(m)}
        </button>
      ))}
      {dialog && (
        <Dialog
          mode={dialog}
          order={order}
          payMethods={payMethods}
          onClose={() => setDialog(null)}
          onDone={() => {
            const d = dialog;
            setDialog(null);
            finish(d);
          }}
        />
      )}
    </div>
  );
}
