"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import styles from "./pre-order-button.module.css";

// "Pre-order" on a vehicle goods (the goods detail): a plain button; the form and its antd code
// load on the first click.
const PreOrderForm = antdDynamic(() => import("./pre-orders/pre-order-form").then((m) => m.PreOrderForm));

export function PreOrderButton({ goodsId, name, minOrderQty }: { goodsId: number; name: string; minOrderQty: number }) {
  const t = useTranslations("PreOrders.actions");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.button} onClick={() => setOpen(true)} data-testid="pre-order-button">
        {t("create")}
      </button>
      {open && <PreOrderForm goodsId={goodsId} name={name} minOrderQty={minOrderQty} onClose={() => setOpen(false)} />}
    </>
  );
}
