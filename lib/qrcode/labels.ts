import "server-only";
import { zipSync } from "fflate";
import { getLocale } from "next-intl/server";
import { z } from "zod";
import { canOpenRoute } from "@/lib/access/menus";
import { packagePath } from "@/lib/app-releases/options";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { visibleDownloads } from "@/lib/downloads/queries";
import { DomainError } from "@/lib/errors";
import { formatMoney } from "@/lib/format/money";
import type { GoodsKind, Prisma } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/config";
import { visibleGoods } from "@/lib/mall/goods/queries";
import { publicOrigin } from "@/lib/news/public-urls";
import { vehicleStockResource } from "@/lib/vehicles/stock/resource";
import { QR_PURPOSES, type QrLayout, type QrPurpose } from "./purposes";
import { fillPattern, qrPng, qrSvg, type QrValues } from "./render";
import { labelTemplate, type LoadedQrTemplate } from "./templates";

// Labels of selected records (issue 23, "Printing"): the print page (app/(print)/labels/print)
// and the download route (app/api/qrcode/labels) both answer from here. The records are read
// through the same scope as the list they are selected on, so an id the viewer could not see
// there is simply absent here: car/stock's `where` (a dealer's own vehicles, staff's data scope),
// the malls' visible goods of the kinds whose screen the viewer has, the download centre's items
// the viewer may download (enabled ones: lib/downloads/serve.ts hands out nothing else).

/** The most labels one print or download holds. */
export const MAX_LABELS = 200;
const MAX_ID = 2_147_483_647;

/** ?purpose=&ids=1,2&template=&format= as the page and the route read them. */
export const ZLabelQuery = z.object({
  purpose: z.enum(QR_PURPOSES),
  ids: z
    .string()
    .trim()
    .max(2200)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/)
    .optional()
    .transform((s, ctx) => {
      const ids = [...new Set((s ?? "").split(",").filter(Boolean).map(Number))];
      if (ids.some((n) => n < 1 || n > MAX_ID)) {
        ctx.addIssue({ code: "custom", message: "pattern" });
        return z.NEVER;
      }
      return ids;
    }),
  template: z
    .string()
    .regex(/^\d{0,10}$/)
    .optional()
    .transform((s) => (s ? Number(s) : null)),
  format: z.enum(["svg", "png"]).optional(),
});
export type TLabelQuery = z.output<typeof ZLabelQuery>;

export type LabelRecord = {
  id: number;
  /** The file name's stem: the VIN, the goods code, the item's id, the platform. */
  key: string;
  values: QrValues;
  /** Every label field of the purpose, in the viewer's language ("" when the record has none). */
  fields: Record<string, string>;
};

type Opts = { locale?: Locale; origin?: string };

const GOODS_SCREENS: { kind: GoodsKind; route: "onlineMall/car/goods" | "onlineMall/mountings/goods"; section: string }[] = [
  { kind: "VEHICLE", route: "onlineMall/car/goods", section: "car" },
  { kind: "PART", route: "onlineMall/mountings/goods", section: "mountings" },
];

/**
 * The records of `ids` the viewer may see, in the order asked, with their code's values and
 * their label's fields. More than MAX_LABELS ids is refused (a translated message on `ids`).
 * APP_DOWNLOAD's records are the platforms' latest published releases (ids: release ids; none:
 * every platform's), which every signed-in user may print: the address is public.
 */
export async function labelRecords(viewer: Viewer, purpose: QrPurpose, ids: readonly number[], opts: Opts = {}): Promise<LabelRecord[]> {
  if (ids.length > MAX_LABELS) throw new DomainError("QrLabels.errors.tooMany", { max: MAX_LABELS }, "ids");
  if (!ids.length && purpose !== "APP_DOWNLOAD") return [];
  const locale = opts.locale ?? ((await getLocale()) as Locale);
  const origin = opts.origin ?? (await publicOrigin());
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string } | null | undefined) => (n ? (zh ? n.nameZh : n.nameEn) : "");
  const day = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Asia/Shanghai" });
  const idIn = { id: { in: [...ids] } };
  let records: LabelRecord[] = [];

  if (purpose === "VEHICLE") {
    if (!(await canOpenRoute(viewer, vehicleStockResource.route))) return [];
    const where: Prisma.VehicleWhereInput = { AND: [await vehicleStockResource.where(viewer, {}), idIn] };
    const rows = await db().vehicle.findMany({
      where,
      select: {
        id: true,
        vin: true,
        colour: true,
        entryAt: true,
        goods: { select: { config: true } },
        vehicleModel: { select: { nameEn: true, nameZh: true } },
        company: { select: { nameEn: true, nameZh: true } },
      },
    });
    records = rows.map((v) => ({
      id: v.id,
      key: v.vin,
      values: { vin: v.vin, code: v.vin, url: `${origin}/customerWeb/car/vehicleInformation?vin=${encodeURIComponent(v.vin)}` },
      fields: {
        vin: v.vin,
        model: named(v.vehicleModel),
        config: v.goods.config ?? "",
        colour: v.colour ?? "",
        company: named(v.company),
        entryDate: v.entryAt ? day.format(v.entryAt) : "",
      },
    }));
  } else if (purpose === "GOODS") {
    const screens = [];
    for (const s of GOODS_SCREENS) if (await canOpenRoute(viewer, s.route)) screens.push(s);
    if (!screens.length) return [];
    const section = new Map(screens.map((s) => [s.kind, s.section]));
    const rows = await db().goods.findMany({
      where: { AND: [visibleGoods(viewer, [...section.keys()]), idIn] },
      select: { id: true, kind: true, code: true, nameEn: true, nameZh: true, specification: true, config: true, price: true },
    });
    records = rows.map((g) => ({
      id: g.id,
      key: g.code,
      values: { code: g.code, url: `${origin}/customerWeb/onlineMall/${section.get(g.kind)}/goods?code=${encodeURIComponent(g.code)}` },
      fields: { code: g.code, name: named(g), specification: [g.config, g.specification].filter(Boolean).join(" · "), price: formatMoney(g.price.toFixed(2), locale) },
    }));
  } else if (purpose === "DOWNLOAD") {
    if (!(await canOpenRoute(viewer, "download/downloadCenters"))) return [];
    const rows = await db().downloadItem.findMany({
      where: { AND: [visibleDownloads(viewer), { enabled: true }, idIn] },
      select: { id: true, title: true, createdAt: true },
    });
    records = rows.map((d) => ({
      id: d.id,
      key: String(d.id),
      values: { code: String(d.id), url: `${origin}/customerWeb/download/downloadCenters?id=${d.id}` },
      fields: { title: d.title, date: day.format(d.createdAt) },
    }));
  } else {
    const latest = await db().$queryRaw<{ id: number; platform: string; versionName: string; packageId: string | null; storeUrl: string | null }[]>`
      SELECT DISTINCT ON (r."platform") r."id", r."platform"::text AS "platform", r."versionName", r."packageId", r."storeUrl"
      FROM "AppRelease" r WHERE r."status" = 'PUBLISHED'
      ORDER BY r."platform", r."versionNumber" DESC`;
    records = latest
      .filter((r) => (r.packageId || r.storeUrl) && (!ids.length || ids.includes(r.id)))
      .map((r) => ({
        id: r.id,
        key: r.platform.toLowerCase(),
        values: { url: r.packageId ? `${origin}${packagePath(r.id)}` : (r.storeUrl ?? "") },
        fields: { platform: r.platform, version: r.versionName },
      }));
    if (!ids.length) return records;
  }
  const at = new Map(ids.map((id, i) => [id, i]));
  return records.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}

export type Label = LabelRecord & { content: string; svg: string };
export type LabelSheet = { template: LoadedQrTemplate; labels: Label[] };

/** The labels of a query: the template (null: the template asked for is not one of the purpose's) and each record's code as SVG. */
export async function labelSheet(viewer: Viewer, q: Pick<TLabelQuery, "purpose" | "ids" | "template">, opts: Opts = {}): Promise<LabelSheet | null> {
  const [template, records] = await Promise.all([labelTemplate(q.template, q.purpose), labelRecords(viewer, q.purpose, q.ids ?? [], opts)]);
  if (!template) return null;
  const labels = await Promise.all(
    records.map(async (r) => {
      const content = fillPattern(template.pattern, r.values);
      return { ...r, content, svg: await qrSvg(content, { size: template.size, errorLevel: template.errorLevel, logo: template.logo }) };
    }),
  );
  return { template, labels };
}

/** A safe file name stem: letters, digits, dot, dash and underscore. */
const stem = (key: string) => key.replace(/[^\w.-]+/g, "_").slice(0, 80) || "label";

export type LabelFile = { name: string; mime: string; data: Uint8Array };

/** One label: its code as a file; several: a ZIP of one file per label named by VIN or code. */
export async function labelFile(sheet: LabelSheet, format: "svg" | "png"): Promise<LabelFile | null> {
  const { template, labels } = sheet;
  if (!labels.length) return null;
  const draw = async (l: Label): Promise<Uint8Array> =>
    format === "svg" ? new TextEncoder().encode(l.svg) : new Uint8Array(await qrPng(l.content, { size: template.size, errorLevel: template.errorLevel, logo: template.logo }));
  const mime = format === "svg" ? "image/svg+xml" : "image/png";
  if (labels.length === 1) return { name: `${stem(labels[0].key)}.${format}`, mime, data: await draw(labels[0]) };
  const files: Record<string, Uint8Array> = {};
  for (const l of labels) {
    let name = `${stem(l.key)}.${format}`;
    for (let n = 2; files[name]; n++) name = `${stem(l.key)}-${n}.${format}`;
    files[name] = await draw(l);
  }
  // PNG and SVG are already compact (PNG is compressed): store PNG, deflate SVG.
  return { name: `labels-${sheet.template.purpose.toLowerCase()}.zip`, mime: "application/zip", data: zipSync(files, { level: format === "png" ? 0 : 6 }) };
}

/** The layout as the print page lays it out (re-exported for the page). */
export type { QrLayout };
