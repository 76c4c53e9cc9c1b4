import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AddToCart } from "@/components/mall/add-to-cart";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { CatalogCan, GoodsCard } from "@/lib/mall/goods/queries";
import styles from "./catalog.module.css";

/** One goods of a mall grid: picture (fixed 4:3 box), name, price, specification, car group,
 * stock, minimum order quantity, and the add-to-cart island for dealers. */
export async function GoodsCardView({
  goods: g,
  detailHref,
  can,
  locale,
  eager,
  priority,
}: {
  goods: GoodsCard;
  detailHref: string;
  can: CatalogCan;
  locale: Locale;
  eager?: boolean;
  /** The grid's first picture: the largest paint on a phone, fetched before scripts and styles' stragglers. */
  priority?: boolean;
}) {
  const t = await getTranslations("Catalog");
  const zh = locale === "zh-CN";
  const name = zh ? g.nameZh : g.nameEn;
  const spec = [g.config, g.specification].filter(Boolean).join(" · ");
  return (
    <article className={styles.card} data-testid="goods-card" data-goods-id={g.id} data-code={g.code}>
      {/* The picture repeats the name link for the mouse: hidden from assistive technology and
          out of the tab order; the badges stay readable beside it. */}
      <div className={styles.media}>
        <Link href={detailHref} className={styles.picture} aria-hidden tabIndex={-1}>
          {g.cover ? (
            // eslint-disable-next-line @next/next/no-img-element -- files are served to signed-in viewers only; the optimizer has no session
            <img src={g.cover.thumbUrl} alt="" width={320} height={240} loading={eager ? "eager" : "lazy"} fetchPriority={priority ? "high" : undefined} decoding="async" />
          ) : (
            <span className={styles.placeholder}>{t("noPicture")}</span>
          )}
        </Link>
        <span className={styles.badges}>
          {!g.onSale && (
            <span className={styles.badge} data-testid="off-sale">
              {t("offSale")}
            </span>
          )}
          {g.stock <= 0 && (
            <span className={`${styles.badge} ${styles.badgeWarn}`} data-testid="out-of-stock">
              {t("outOfStock")}
            </span>
          )}
        </span>
      </div>
      <div className={styles.body}>
        <h2 className={styles.name}>
          <Link href={detailHref} data-testid="goods-name">
            {name}
          </Link>
        </h2>
        <span className={styles.code}>{g.code}</span>
        <span className={styles.price} data-testid="goods-price">
          {formatMoney(g.price, locale)}
        </span>
        <p className={styles.spec} title={spec || undefined}>
          {spec || "\u00a0"}
        </p>
        <dl className={styles.meta}>
          {g.carGroup && (
            <div>
              <dt>{t("carGroup")}</dt>
              <dd data-testid="goods-group">{zh ? g.carGroup.nameZh : g.carGroup.nameEn}</dd>
            </div>
          )}
          <div>
            <dt>{t("stock")}</dt>
            <dd data-testid="goods-stock">{g.stock}</dd>
          </div>
          <div>
            <dt>{t("minOrderQty")}</dt>
            <dd data-testid="goods-min">{g.minOrderQty}</dd>
          </div>
        </dl>
        {can.addToCart && (
          <div className={styles.actions}>
            <AddToCart goodsId={g.id} minOrderQty={g.minOrderQty} stock={g.stock} onSale={g.onSale} compact />
          </div>
        )}
      </div>
    </article>
  );
}
