import { getTranslations } from "next-intl/server";
import { AddToCart } from "@/components/mall/add-to-cart";
import { PreOrderButton } from "@/components/mall/pre-order-button";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { CatalogCan, GoodsDetail } from "@/lib/mall/goods/queries";
import { GoodsGallery } from "./goods-gallery";
import styles from "./catalog.module.css";

/** One goods: every picture, configuration, specification, remark, price, stock, minimum order
 * quantity, group and model; add to cart (and, for vehicles, reserve) for dealers. */
export async function GoodsDetailView({ goods: g, can, locale }: { goods: GoodsDetail; can: CatalogCan; locale: Locale }) {
  const t = await getTranslations("Catalog");
  const zh = locale === "zh-CN";
  const name = zh ? g.nameZh : g.nameEn;
  const named = (n: { nameEn: string; nameZh: string } | null) => (n ? (zh ? n.nameZh : n.nameEn) : null);
  const facts: [string, string | number | null, string][] = [
    [t("code"), g.code, "code"],
    [t("carGroup"), named(g.carGroup), "group"],
    [t("model"), named(g.vehicleModel), "model"],
    [t("config"), g.config, "config"],
    [t("specification"), g.specification, "specification"],
    [t("stock"), g.stock, "stock"],
    [t("minOrderQty"), g.minOrderQty, "min"],
  ];
  return (
    <div className={styles.detail} data-testid="goods-detail" data-goods-id={g.id}>
      {g.pictures.length ? (
        <GoodsGallery pictures={g.pictures} name={name} labels={g.pictures.map((_, i) => t("pictureN", { n: i + 1 }))} />
      ) : (
        <div className={styles.stage}>
          <span className={styles.placeholder}>{t("noPicture")}</span>
        </div>
      )}
      <div className={styles.info}>
        <h2 className={styles.title} data-testid="goods-detail-name">
          {name}
        </h2>
        <span className={styles.bigPrice} data-testid="goods-detail-price">
          {formatMoney(g.price, locale)}
        </span>
        {!g.onSale && (
          <span className={styles.badge} style={{ alignSelf: "flex-start" }} data-testid="off-sale">
            {t("offSale")}
          </span>
        )}
        <dl className={styles.facts}>
          {facts
            .filter(([, v]) => v !== null && v !== "")
            .map(([label, value, key]) => (
              <div key={key} style={{ display: "contents" }}>
                <dt>{label}</dt>
                <dd data-testid={`fact-${key}`}>{value}</dd>
              </div>
            ))}
        </dl>
        {g.remark && (
          <>
            <h3 className={styles.sectionTitle}>{t("remark")}</h3>
            <p className={styles.remark} data-testid="goods-remark">
              {g.remark}
            </p>
          </>
        )}
        {(can.addToCart || can.preOrder) && (
          <div className={styles.buy}>
            {can.addToCart && <AddToCart goodsId={g.id} minOrderQty={g.minOrderQty} stock={g.stock} onSale={g.onSale} />}
            {can.preOrder && g.kind === "VEHICLE" && <PreOrderButton goodsId={g.id} name={name} minOrderQty={g.minOrderQty} />}
          </div>
        )}
      </div>
    </div>
  );
}
