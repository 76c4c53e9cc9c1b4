import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { GOODS_ADMIN_SIZES, goodsAdminQuery, type GoodsAdminData } from "@/lib/mall/goods/resource";
import { ExportButton } from "@/components/list/export-button";
import { FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import { SelectAll, SelectionScope, SelectRow } from "@/components/list/selection";
import styles from "@/components/ui/record-screen.module.css";
import own from "../mall-list.module.css";
import { GoodsBulkSale, GoodsCreateButton, GoodsRowActions, GoodsSetup } from "./goods-actions";

// onlineMall/car/goods_bak (vehicles) and onlineMall/mountings/goods_bak (parts and derivative
// goods): the dense table, as server-rendered HTML: a GET form for the filters, a plain table,
// keyset pages in the catalogue's order with a capped count. Staff create and edit goods
// (pictures included), put them on and off sale one by one or by selection, and export;
// dealers add on-sale goods to the cart. Those are small islands (./goods-actions.tsx): the
// drawer with antd's form and the upload field, and the cart dialog, load on the first click.

const SCREENS = {
  vehicle: { route: "onlineMall/car/goods_bak", labels: "VehicleGoodsAdmin", resource: "vehicleGoods" },
  parts: { route: "onlineMall/mountings/goods_bak", labels: "PartsGoodsAdmin", resource: "partsGoods" },
} as const;
const MALL_OF = { VEHICLE: "onlineMall/car/goods", PART: "onlineMall/mountings/goods", DERIVATIVE: "onlineMall/mountings/derivativeGoods" } as const;

export async function GoodsAdmin({ which, data }: { which: "vehicle" | "parts"; data: GoodsAdminData }) {
  const screen = SCREENS[which];
  const [t, tl, tf, ta, locale] = await Promise.all([
    getTranslations("GoodsAdmin"),
    getTranslations("GoodsAdmin.list"),
    // Both screens' namespaces have the same fields; the vehicle one names the title.
    getTranslations(`${screen.labels}`),
    getTranslations("Admin"),
    getLocale() as Promise<Locale>,
  ]);
  const zh = locale === "zh-CN";
  const f = data.filters;
  const vehicle = which === "vehicle";
  const canSell = data.can.update;
  const staff = data.can.create || data.can.update;
  const actions = data.can.update || data.addToCart;
  const href = (extra: Record<string, string | number>) => `/${screen.route}${goodsAdminQuery(f, extra)}`;
  const field = (key: string) => tf(`fields.${key}` as "fields.code");
  const named = (n: { nameEn: string; nameZh: string } | null) => (n ? (zh ? n.nameZh : n.nameEn) : "—");
  const id = (name: string) => `goods-admin-${name}`;
  const categoryOf = new Map(data.categories.map((c) => [c.value, zh ? c.labelZh : c.labelEn]));
  const category = (v: string | null) => (v ? (categoryOf.get(v) ?? v) : "—");

  const list = (
    <>
      <ListHeader title={tf("title")} intro={tf("description")}>
        <div className={own.toolbar} style={{ marginBottom: 0 }}>
          {canSell && <GoodsBulkSale which={which} />}
          {data.can.export && <ExportButton href={`/api/v1/admin/${screen.resource}/export${goodsAdminQuery({ ...f, size: 0 })}`} label={ta("export")} />}
          {data.can.create && <GoodsCreateButton which={which} />}
        </div>
      </ListHeader>

      <FilterForm action={`/${screen.route}`} id="goods-admin" t={tl} formKey={goodsAdminQuery(f)}>
        <TextFilter id={id("keyword")} label={field("keyword")} name="keyword" value={f.keyword} maxLength={50} placeholder={t("keywordPlaceholder")} style={{ minWidth: 220 }} />
        {!vehicle && (
          <SelectFilter
            id={id("kind")}
            label={field("kind")}
            name="kind"
            value={f.kind}
            any={ta("all")}
            options={data.kinds.map((k) => ({ value: k, label: t(`options.kind.${k}`) }))}
          />
        )}
        <SelectFilter
          id={id("carGroupId")}
          label={field("carGroupId")}
          name="carGroupId"
          value={f.carGroupId ? String(f.carGroupId) : ""}
          any={ta("all")}
          options={data.groups.map((g) => ({ value: String(g.id), label: zh ? g.nameZh : g.nameEn }))}
        />
        {canSell && (
          <SelectFilter
            id={id("onSale")}
            label={field("onSale")}
            name="onSale"
            value={f.onSale}
            any={ta("all")}
            options={[
              { value: "true", label: ta("yes") },
              { value: "false", label: ta("no") },
            ]}
          />
        )}
        <SizeFilter id={id("size")} label={tl("filters.size")} value={f.size} sizes={GOODS_ADMIN_SIZES} />
      </FilterForm>

      <ListResults
        id="goods-admin"
        t={tl}
        page={{ rows: data.rows, total: data.total, next: data.next, filters: f }}
        href={href}
        head={
          <>
            {canSell && (
              <th className={own.checkCell}>
                <SelectAll label={t("selectAll")} />
              </th>
            )}
            <th className="dp-wide">{field("cover")}</th>
            <th className="dp-wide">{field("code")}</th>
            <th>{field("name")}</th>
            {!vehicle && <th className="dp-wide">{field("kind")}</th>}
            <th className="dp-wide">{field("carGroupId")}</th>
            {vehicle && <th className="dp-wide">{field("vehicleModelId")}</th>}
            <th className="dp-wide">{field(vehicle ? "config" : "specification")}</th>
            {!vehicle && <th className="dp-wide">{field("partsCategory")}</th>}
            <th className={styles.num}>{field("price")}</th>
            <th className={styles.num}>{field("stock")}</th>
            <th className={`${styles.num} dp-wide`}>{field("minOrderQty")}</th>
            <th className="dp-wide">{field("onSale")}</th>
            {actions && <th>{tl("actions")}</th>}
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.id} data-row-key={r.id} data-testid="goods-admin-row">
            {canSell && (
              <td className={own.checkCell}>
                <SelectRow id={r.id} label={t("selectRow", { code: r.code })} />
              </td>
            )}
            <td className="dp-wide">
              {r.cover ? (
                // eslint-disable-next-line @next/next/no-img-element -- served to signed-in viewers only
                <img className={own.cover} src={r.cover.thumbUrl} alt="" width={56} height={42} loading="lazy" />
              ) : (
                "—"
              )}
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{r.code}</td>
            <td>
              <Link className={styles.link} href={`/${MALL_OF[r.kind]}?id=${r.id}`} prefetch={false} data-testid="goods-link">
                {zh ? r.nameZh : r.nameEn}
              </Link>
            </td>
            {!vehicle && <td className={`${styles.nowrap} dp-wide`}>{t(`options.kind.${r.kind}`)}</td>}
            <td className={`${styles.nowrap} dp-wide`}>{named(r.carGroup)}</td>
            {vehicle && <td className={`${styles.nowrap} dp-wide`}>{named(r.vehicleModel)}</td>}
            <td className={`${own.wide} dp-wide`}>{(vehicle ? r.config : r.specification) ?? "—"}</td>
            {!vehicle && (
              <td className={`${styles.nowrap} dp-wide`} data-testid="goods-category">
                {category(r.partsCategory)}
              </td>
            )}
            <td className={`${styles.num} ${styles.nowrap}`}>{formatMoney(r.price, locale)}</td>
            <td className={styles.num}>{r.stock}</td>
            <td className={`${styles.num} dp-wide`}>{r.minOrderQty}</td>
            <td className="dp-wide">
              {r.onSale ? (
                <span className={styles.tag} data-color="green" data-testid="on-sale-tag">
                  {t("onSale")}
                </span>
              ) : (
                <span className={styles.tag} data-testid="off-sale-tag">
                  {t("offSale")}
                </span>
              )}
            </td>
            {actions && (
              <td>
                <GoodsRowActions which={which} row={r} can={{ edit: data.can.update, sell: canSell, cart: data.addToCart }} />
              </td>
            )}
          </tr>
        ))}
      </ListResults>
    </>
  );

  const setup = staff
    ? {
        kinds: data.kinds,
        groups: data.groups,
        models: data.models,
        imageRule: data.imageRule,
        categories: data.categories.filter((c) => c.enabled).map((c) => ({ value: c.value, label: zh ? c.labelZh : c.labelEn })),
      }
    : null;
  return (
    <div className={styles.screen} data-testid="goods-admin">
      <GoodsSetup setup={setup}>{canSell ? <SelectionScope ids={data.rows.map((r) => r.id)}>{list}</SelectionScope> : list}</GoodsSetup>
    </div>
  );
}
