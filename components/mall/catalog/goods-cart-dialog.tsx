"use client";

import { Modal } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { AddToCart } from "@/components/mall/add-to-cart";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { GoodsRow } from "@/lib/mall/goods/resource";

// A dealer's "add to cart" from the goods table, loaded on the first click (./goods-actions.tsx).

export function GoodsCartDialog({ row, open, onClose }: { row: GoodsRow; open: boolean; onClose: () => void }) {
  const t = useTranslations("GoodsAdmin");
  const locale = useLocale() as Locale;
  const zh = locale === "zh-CN";
  return (
    <Modal open={open} title={`${zh ? row.nameZh : row.nameEn} (${row.code})`} footer={null} onCancel={onClose} destroyOnHidden data-testid="add-to-cart-modal">
      <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
        <span>
          {formatMoney(row.price, locale)} · {t("stockMin", { stock: row.stock, min: row.minOrderQty })}
        </span>
        <AddToCart goodsId={row.id} minOrderQty={row.minOrderQty} stock={row.stock} onSale={row.onSale} />
      </div>
    </Modal>
  );
}
