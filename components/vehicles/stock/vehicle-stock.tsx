"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { AdminList } from "@/components/admin/admin-list";
import { DictTag, itemLabel } from "@/components/ui/dict-tag";
import type { StockRow, VehicleStockData } from "@/lib/vehicles/stock/resource";
import { AddVehicleButton } from "./add-vehicle";

// car/stock — a dealer's own vehicles (in stock and sold), or every vehicle in a staff
// member's scope with its holder; filters, export, and for staff adding vehicles to factory
// stock by form or Excel import. Each VIN opens the vehicle's information and history.

const FACTORY = "factory";

export function VehicleStock({ data }: { data: VehicleStockData }) {
  const t = useTranslations("VehicleStock");
  const locale = useLocale();
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn);
  const staff = data.staff;

  return (
    <AdminList<StockRow>
      labels="VehicleStock"
      resource="vehicleStock"
      data={data}
      header={
        <p style={{ margin: "-8px 0 16px", color: "rgba(0,0,0,0.55)" }} data-testid="stock-intro">
          {staff ? t("staffIntro") : t("dealerIntro")}
        </p>
      }
      toolbar={staff && data.can.create ? <AddVehicleButton /> : undefined}
      search={[
        { name: "vin", type: "text", placeholder: t("vinPlaceholder"), width: 200 },
        { name: "model", type: "select", options: data.models.map((m) => ({ value: String(m.id), label: named(m) })), width: 180 },
        { name: "config", type: "text", placeholder: t("configPlaceholder"), width: 180 },
        { name: "status", type: "select", options: data.statuses.map((s) => ({ value: s, label: itemLabel(data.statusItems, s, locale) })), width: 140 },
        { name: "entryAt", type: "dateRange" },
        ...(staff
          ? [
              {
                name: "holder",
                type: "select" as const,
                width: 220,
                options: [{ value: FACTORY, label: t("factory") }, ...data.holders.map((c) => ({ value: String(c.id), label: `${named(c)} (${c.code})` }))],
              },
            ]
          : []),
      ]}
      columns={[
        { key: "model", width: 150, render: (r) => named(r.model) },
        {
          key: "cover",
          width: 84,
          render: (r) =>
            r.goods.thumbUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- served to signed-in viewers only; the optimizer has no session
              <img
                src={r.goods.thumbUrl}
                alt={named(r.goods)}
                width={64}
                height={44}
                loading="lazy"
                style={{ objectFit: "cover", borderRadius: 4, display: "block" }}
                data-testid="stock-picture"
              />
            ) : (
              "—"
            ),
        },
        { key: "config", width: 200, ellipsis: true, render: (r) => r.goods.config ?? "—" },
        {
          key: "vin",
          width: 200,
          sortable: true,
          render: (r) => (
            <Link href={`/car/vehicleInformation?vin=${r.vin}`} prefetch={false} style={{ fontFamily: "monospace" }} data-testid="stock-vin">
              {r.vin}
            </Link>
          ),
        },
        { key: "entryAt", kind: "dateTime", sortable: true, width: 180 },
        { key: "status", width: 110, render: (r) => <DictTag items={data.statusItems} value={r.status} /> },
        { key: "colour", width: 100 },
        { key: "goods", width: 220, defaultHidden: true, render: (r) => `${named(r.goods)} (${r.goods.code})` },
        ...(staff
          ? [
              { key: "holder", width: 220, render: (r: StockRow) => (r.holder ? `${named(r.holder)} (${r.holder.code})` : t("factory")) },
              { key: "sendOrderNo", width: 170 },
            ]
          : []),
      ]}
      rowKey={(r) => r.id}
      scrollX={staff ? 1600 : 1200}
    />
  );
}
