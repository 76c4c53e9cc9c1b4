import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AddToCart } from "@/components/mall/add-to-cart";
import type { DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { InventoryData, InventoryGroup } from "@/lib/vehicles/inventory/queries";
import { FACTORY_SIDE, isFactorySide } from "@/lib/vehicles/inventory/schemas";
import { InventoryVins } from "./inventory-vins";
import { StatusTag } from "./status-tag";
import styles from "./inventory.module.css";

const MALL_ROUTE = "onlineMall/car/goods";

/** One model + configuration: picture, names, price, the current count; for dealers the
 * add-to-cart island, for staff the factory-side counts per status and the VIN panel. */
export async function InventoryGroupView({
  g,
  data,
  statuses,
  locale,
  eager,
}: {
  g: InventoryGroup;
  data: InventoryData;
  statuses: DictItemView[];
  locale: Locale;
  eager: boolean;
}) {
  const t = await getTranslations("VehicleInventory.group");
  const zh = locale === "zh-CN";
  const name = zh ? g.nameZh : g.nameEn;
  const model = g.model ? (zh ? g.model.nameZh : g.model.nameEn) : null;
  const status = isFactorySide(data.filters.status) ? data.filters.status : null;
  const vinTotal = g.counts ? (status ? g.counts[status] : FACTORY_SIDE.reduce((n, s) => n + g.counts![s], 0)) : 0;
  const detail = g.onSale ? `/${MALL_ROUTE}?id=${g.goodsId}` : null;
  const picture = g.thumbUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- files are served to signed-in viewers only; the optimizer has no session
    <img src={g.thumbUrl} alt="" width={128} height={96} loading={eager ? "eager" : "lazy"} decoding="async" />
  ) : (
    <span className={styles.placeholder}>{t("noPicture")}</span>
  );

  return (
    <li className={styles.group} data-testid="inventory-group" data-goods-id={g.goodsId} data-code={g.code}>
      <div className={styles.groupMain}>
        {detail ? (
          <Link href={detail} className={styles.picture} tabIndex={-1} aria-hidden prefetch={false}>
            {picture}
          </Link>
        ) : (
          <span className={styles.picture}>{picture}</span>
        )}
        <div className={styles.info}>
          <h2 className={styles.name} data-testid="inventory-name">
            {detail ? (
              <Link href={detail} prefetch={false}>
                {name}
              </Link>
            ) : (
              name
            )}
          </h2>
          <p className={styles.config} data-testid="inventory-config">
            {g.config ?? "—"}
          </p>
          <dl className={styles.meta}>
            {model && (
              <div>
                <dt>{t("model")}</dt>
                <dd data-testid="inventory-model">{model}</dd>
              </div>
            )}
            {g.carGroup && (
              <div>
                <dt>{t("carGroup")}</dt>
                <dd>{zh ? g.carGroup.nameZh : g.carGroup.nameEn}</dd>
              </div>
            )}
            <div>
              <dt>{t("code")}</dt>
              <dd>{g.code}</dd>
            </div>
            <div>
              <dt>{t("price")}</dt>
              <dd className={styles.price} data-testid="inventory-price">
                {formatMoney(g.price, locale)}
              </dd>
            </div>
            <div>
              <dt>{t("minOrderQty")}</dt>
              <dd>{g.minOrderQty}</dd>
            </div>
          </dl>
          {(!g.onSale || g.stock <= 0) && (
            <span className={styles.badges}>
              {!g.onSale && (
                <span className={styles.badge} data-testid="inventory-off-sale">
                  {t("offSale")}
                </span>
              )}
              {g.stock <= 0 && (
                <span className={`${styles.badge} ${styles.badgeWarn}`} data-testid="inventory-out">
                  {t("outOfStock")}
                </span>
              )}
            </span>
          )}
        </div>
        <div className={styles.side}>
          <div className={styles.current}>
            <span>{data.staff ? t("orderable") : t("current")}</span>
            <span className={styles.currentValue} data-zero={g.stock <= 0 ? "" : undefined} data-testid="inventory-stock">
              {g.stock}
            </span>
          </div>
          {g.counts && (
            <dl className={styles.counts} aria-label={t("counts")}>
              {FACTORY_SIDE.map((s) => (
                <div key={s}>
                  <dt>
                    <StatusTag items={statuses} value={s} locale={locale} />
                  </dt>
                  <dd data-testid={`inventory-count-${s}`}>{g.counts![s]}</dd>
                </div>
              ))}
            </dl>
          )}
          {data.can.addToCart && <AddToCart goodsId={g.goodsId} minOrderQty={g.minOrderQty} stock={g.stock} onSale={g.onSale} compact />}
        </div>
      </div>
      {/* Keyed by the status filter: a new filter starts the panel afresh. */}
      {data.can.vins && (
        <InventoryVins key={status ?? "all"} goodsId={g.goodsId} name={[name, g.config].filter(Boolean).join(" · ")} total={vinTotal} status={status} statuses={statuses} />
      )}
    </li>
  );
}
