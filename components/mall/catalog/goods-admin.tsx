"use client";

import { Button, Checkbox, Modal, Space, Tag } from "antd";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { AdminList } from "@/components/admin/admin-list";
import { AddToCart } from "@/components/mall/add-to-cart";
import { useConfirmedAction } from "@/components/system/admin-kit";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { savePartsGoodsAction, saveVehicleGoodsAction, setPartsGoodsOnSaleAction, setVehicleGoodsOnSaleAction } from "@/lib/mall/goods/actions";
import type { GoodsAdminData, GoodsRow } from "@/lib/mall/goods/resource";
import { MAX_PICTURES, ZGoodsSave, type TGoodsSave } from "@/lib/mall/goods/schemas";
import { GroupSelect, ModelSelect } from "./catalog-selects";

// onlineMall/car/goods_bak (vehicles) and onlineMall/mountings/goods_bak (parts and derivative
// goods): the dense table. Staff create and edit goods (pictures included), put them on and
// off sale one by one or by selection, and export; dealers add on-sale goods to the cart.

const SCREENS = {
  vehicle: { labels: "VehicleGoodsAdmin", resource: "vehicleGoods", save: saveVehicleGoodsAction, onSale: setVehicleGoodsOnSaleAction, mall: "onlineMall/car/goods" },
  parts: { labels: "PartsGoodsAdmin", resource: "partsGoods", save: savePartsGoodsAction, onSale: setPartsGoodsOnSaleAction, mall: "onlineMall/mountings/goods" },
} as const;
const MALL_OF = { VEHICLE: "onlineMall/car/goods", PART: "onlineMall/mountings/goods", DERIVATIVE: "onlineMall/mountings/derivativeGoods" } as const;

export function GoodsAdmin({ which, data }: { which: "vehicle" | "parts"; data: GoodsAdminData }) {
  const screen = SCREENS[which];
  const t = useTranslations("GoodsAdmin");
  const locale = useLocale() as Locale;
  const zh = locale === "zh-CN";
  const confirmed = useConfirmedAction();
  const [buying, setBuying] = useState<GoodsRow | null>(null);
  const vehicle = which === "vehicle";
  const canSell = data.can.update;

  // The selection belongs to the rows it was made on (a new page starts with none).
  const [selection, setSelection] = useState<{ rows: GoodsRow[]; ids: number[] }>({ rows: [], ids: [] });
  const selected = selection.rows === data.rows ? selection.ids : [];
  const select = (ids: number[]) => setSelection({ rows: data.rows, ids });
  const allChecked = data.rows.length > 0 && selected.length === data.rows.length;

  const setOnSale = (ids: number[], onSale: boolean, name?: string) =>
    confirmed(
      { title: name ? t(onSale ? "confirmOnSale" : "confirmOffSale", { name }) : t(onSale ? "confirmBulkOnSale" : "confirmBulkOffSale", { count: ids.length }) },
      screen.onSale,
      { ids, onSale },
      t(onSale ? "putOnSale" : "takenOffSale", { count: ids.length }),
    ).then((ok) => ok && select([]));

  const named = (n: { nameEn: string; nameZh: string } | null) => (n ? (zh ? n.nameZh : n.nameEn) : "—");

  return (
    <AdminList<GoodsRow, TGoodsSave>
      labels={screen.labels}
      resource={screen.resource}
      data={data}
      search={[
        { name: "keyword", type: "text", placeholder: t("keywordPlaceholder"), width: 220 },
        ...(vehicle ? [] : [{ name: "kind", type: "select" as const, options: data.kinds.map((k) => ({ value: k, label: t(`options.kind.${k}`) })), width: 140 }]),
        { name: "carGroupId", type: "select" as const, options: data.groups.map((g) => ({ value: String(g.id), label: zh ? g.nameZh : g.nameEn })), width: 180 },
        ...(canSell ? [{ name: "onSale", type: "boolean" as const }] : []),
      ]}
      toolbar={
        canSell ? (
          <Space>
            <Button disabled={!selected.length} onClick={() => void setOnSale(selected, true)} data-testid="bulk-on-sale">
              {t("bulkOnSale", { count: selected.length })}
            </Button>
            <Button disabled={!selected.length} onClick={() => void setOnSale(selected, false)} data-testid="bulk-off-sale">
              {t("bulkOffSale", { count: selected.length })}
            </Button>
          </Space>
        ) : undefined
      }
      columns={[
        ...(canSell
          ? [
              {
                key: "select",
                width: 48,
                title: (
                  <Checkbox
                    checked={allChecked}
                    indeterminate={!!selected.length && !allChecked}
                    onChange={(e) => select(e.target.checked ? data.rows.map((r) => r.id) : [])}
                    aria-label={t("selectAll")}
                    data-testid="select-all"
                  />
                ),
                render: (r: GoodsRow) => (
                  <Checkbox
                    checked={selected.includes(r.id)}
                    onChange={(e) => select(e.target.checked ? [...selected, r.id] : selected.filter((id) => id !== r.id))}
                    aria-label={t("selectRow", { code: r.code })}
                    data-testid="select-row"
                  />
                ),
              },
            ]
          : []),
        {
          key: "cover",
          width: 76,
          render: (r) =>
            r.cover ? (
              // eslint-disable-next-line @next/next/no-img-element -- served to signed-in viewers only
              <img src={r.cover.thumbUrl} alt="" width={56} height={42} style={{ objectFit: "cover", borderRadius: 4, display: "block" }} />
            ) : (
              "—"
            ),
        },
        { key: "code", sortable: true, width: 150 },
        {
          key: "name",
          width: 220,
          render: (r) => (
            <Link href={`/${MALL_OF[r.kind]}?id=${r.id}`} data-testid="goods-link">
              {zh ? r.nameZh : r.nameEn}
            </Link>
          ),
        },
        ...(vehicle ? [] : [{ key: "kind", width: 110, render: (r: GoodsRow) => t(`options.kind.${r.kind}`) }]),
        { key: "carGroupId", width: 140, render: (r) => named(r.carGroup) },
        ...(vehicle ? [{ key: "vehicleModelId", width: 150, render: (r: GoodsRow) => named(r.vehicleModel) }] : []),
        { key: vehicle ? "config" : "specification", ellipsis: true, width: 200, render: (r) => (vehicle ? r.config : r.specification) ?? "—" },
        { key: "price", sortable: true, width: 140, align: "right", render: (r) => formatMoney(r.price, locale) },
        { key: "stock", sortable: true, width: 90, align: "right" },
        { key: "minOrderQty", width: 110, align: "right" },
        {
          key: "onSale",
          width: 100,
          render: (r) =>
            r.onSale ? (
              <Tag color="green" data-testid="on-sale-tag">
                {t("onSale")}
              </Tag>
            ) : (
              <Tag data-testid="off-sale-tag">{t("offSale")}</Tag>
            ),
        },
        { key: "sort", sortable: true, width: 80, align: "right", defaultHidden: true },
        { key: "remark", ellipsis: true, defaultHidden: true },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180, defaultHidden: true },
      ]}
      form={{
        schema: ZGoodsSave,
        save: screen.save,
        size: 640,
        defaults: { kind: data.kinds[0], onSale: false, sort: 0, stock: 0, minOrderQty: 1, pictures: [] },
        toValues: (r) => ({
          id: r.id,
          kind: r.kind,
          code: r.code,
          nameEn: r.nameEn,
          nameZh: r.nameZh,
          carGroupId: r.carGroup?.id ?? null,
          vehicleModelId: r.vehicleModel?.id ?? null,
          config: r.config,
          specification: r.specification,
          price: r.price,
          stock: r.stock,
          stockSeen: r.stock,
          minOrderQty: r.minOrderQty,
          onSale: r.onSale,
          sort: r.sort,
          remark: r.remark,
          pictures: r.pictures,
        }),
        order: [
          "kind",
          "code",
          "nameEn",
          "nameZh",
          "carGroupId",
          "vehicleModelId",
          "config",
          "specification",
          "price",
          "stock",
          "minOrderQty",
          "onSale",
          "sort",
          "remark",
          "pictures",
        ],
        fields: {
          kind: vehicle ? { hidden: true } : { options: data.kinds.map((k) => ({ value: k, label: t(`options.kind.${k}`) })) },
          carGroupId: { control: <GroupSelect options={data.groups} models={data.models} /> },
          vehicleModelId: { control: <ModelSelect options={data.models} />, hint: vehicle ? undefined : t("modelOptional"), itemProps: vehicle ? { required: true } : undefined },
          price: { placeholder: "0.00", hint: t("priceHint") },
          stock: { hint: vehicle ? t("vehicleStockHint") : undefined },
          remark: { widget: "textarea" },
          stockSeen: { hidden: true },
          pictures: { control: <LazyUploadField kind="IMAGE" rule={data.imageRule} max={MAX_PICTURES} />, hint: t("picturesHint") },
        },
      }}
      rowActions={(r) => [
        { key: "onSale", label: t("actionOnSale"), hidden: !canSell || r.onSale, onClick: () => void setOnSale([r.id], true, r.code) },
        { key: "offSale", label: t("actionOffSale"), hidden: !canSell || !r.onSale, danger: true, onClick: () => void setOnSale([r.id], false, r.code) },
        { key: "addToCart", label: t("addToCart"), hidden: !data.addToCart, onClick: () => setBuying(r) },
      ]}
      scrollX={1500}
    >
      <Modal
        open={!!buying}
        title={buying ? `${zh ? buying.nameZh : buying.nameEn} (${buying.code})` : undefined}
        footer={null}
        onCancel={() => setBuying(null)}
        destroyOnHidden
        data-testid="add-to-cart-modal"
      >
        {buying && (
          <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
            <span>
              {formatMoney(buying.price, locale)} · {t("stockMin", { stock: buying.stock, min: buying.minOrderQty })}
            </span>
            <AddToCart goodsId={buying.id} minOrderQty={buying.minOrderQty} stock={buying.stock} onSale={buying.onSale} />
          </div>
        )}
      </Modal>
    </AdminList>
  );
}
