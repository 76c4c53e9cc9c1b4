"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { setPartsGoodsOnSaleAction, setVehicleGoodsOnSaleAction } from "@/lib/mall/goods/actions";

/** Puts goods on or takes them off sale after asking; `done` runs after a success. */
export function useConfirmedSale(which: "vehicle" | "parts", done?: () => void) {
  const t = useTranslations("GoodsAdmin");
  const ta = useTranslations("Access");
  const router = useRouter();
  const [pending, start] = useTransition();
  const setOnSale = (ids: number[], onSale: boolean, name?: string) =>
    start(async () => {
      const title = name ? t(onSale ? "confirmOnSale" : "confirmOffSale", { name }) : t(onSale ? "confirmBulkOnSale" : "confirmBulkOffSale", { count: ids.length });
      if (!(await confirmDialog({ title, okText: ta("confirmOk"), cancelText: ta("cancel") }))) return;
      const res = await (which === "vehicle" ? setVehicleGoodsOnSaleAction : setPartsGoodsOnSaleAction)({ ids, onSale });
      if (!res.ok) return void actionFailed(res);
      toast("success", t(onSale ? "putOnSale" : "takenOffSale", { count: ids.length }));
      done?.();
      router.refresh();
    });
  return { setOnSale, pending };
}
