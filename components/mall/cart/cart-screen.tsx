import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { CartLineView, CartPageData } from "@/lib/mall/cart/service";
import { CartSelection, LineBox, SelectAllBox, type SelectableLine } from "./cart-selection";
import { QuantityCell, RemarkCell } from "./line-editors";
import styles from "./cart.module.css";

// onlineMall/car/cart and onlineMall/mountings/cart: a server-rendered table in plain HTML (the
// page's first load stays within its budget in scripts/bench-bundle.ts), with small islands for the boxes, the
// editable cells and the selection's totals and actions.

const MALL: Record<CartPageData["type"], string> = { VEHICLE: "/onlineMall/car/goods", PARTS: "/onlineMall/mountings/goods" };
const isFlagged = (l: CartLineView) => l.flags.offSale || l.flags.outOfStock || l.flags.belowMinimum;

export async function CartScreen({ data }: { data: CartPageData }) {
  const [t, te, locale] = await Promise.all([getTranslations("Cart.page"), getTranslations("Cart.errors"), getLocale() as Promise<Locale>]);
  const vehicle = data.type === "VEHICLE";
  const selectable: SelectableLine[] = data.lines.map((l) => ({ id: l.id, name: l.name, quantity: l.quantity, subtotal: l.subtotal, flagged: isFlagged(l) }));

  return (
    <section className={styles.panel} data-testid={`cart-${data.type.toLowerCase()}`}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title} data-testid="page-title">
            {t(vehicle ? "vehicleTitle" : "partsTitle")}
          </h1>
          <p className={styles.description}>{t(vehicle ? "vehicleDescription" : "partsDescription")}</p>
        </div>
        {data.lines.length > 0 && <span className={styles.muted}>{t("lineCount", { count: data.lines.length, max: data.maxLines })}</span>}
      </div>
      {!data.dealer ? (
        <p className={styles.notice} role="status">
          {te("notDealer")}
        </p>
      ) : data.lines.length === 0 ? (
        <div className={styles.empty} data-testid="cart-empty">
          <p>{t("empty")}</p>
          <Link href={MALL[data.type]}>{t(vehicle ? "vehicleBrowse" : "partsBrowse")}</Link>
        </div>
      ) : (
        <CartSelection type={data.type} lines={selectable} canUpdate={data.can.update} canSubmit={data.can.submit} dicts={data.dicts}>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.check}>
                    <SelectAllBox />
                  </th>
                  <th className={`${styles.pic} dp-wide`}>{t("picture")}</th>
                  <th>{t("goods")}</th>
                  <th className={`${styles.num} dp-wide`}>{t("price")}</th>
                  <th id="cart-col-quantity">{t("quantity")}</th>
                  <th className={styles.num}>{t("subtotal")}</th>
                  <th id="cart-col-remark" className="dp-wide">
                    {t("remark")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((l) => (
                  <tr key={l.id} data-testid="cart-line" data-line-id={l.id} data-goods-code={l.code} data-flagged={isFlagged(l) ? "" : undefined}>
                    <td className={styles.check}>
                      <LineBox id={l.id} />
                    </td>
                    <td className={`${styles.pic} dp-wide`}>
                      {l.coverUrl ? (
                        // eslint-disable-next-line @next/next/no-img-element -- files are served to signed-in viewers only; the optimizer has no session
                        <img className={styles.thumb} src={l.coverUrl} alt={l.name} width={72} height={54} loading="lazy" />
                      ) : (
                        <span className={styles.noThumb} aria-hidden>
                          ▢
                        </span>
                      )}
                    </td>
                    <td>
                      <div className={styles.name} id={`cart-line-${l.id}`}>
                        {l.name}
                      </div>
                      <div className={styles.sub}>{[t("code", { code: l.code }), l.config, l.specification].filter(Boolean).join(" · ")}</div>
                      <div className={styles.sub}>{t("rules", { min: l.minOrderQty, stock: l.stock })}</div>
                      {isFlagged(l) && (
                        <div className={styles.flags} data-testid="cart-line-flags">
                          {l.flags.offSale && <span className={styles.flag}>{t("offSale")}</span>}
                          {l.flags.outOfStock && <span className={styles.flag}>{l.stock > 0 ? t("lowStock", { stock: l.stock }) : t("outOfStock")}</span>}
                          {l.flags.belowMinimum && (
                            <span className={styles.flag} data-tone="warn">
                              {t("belowMinimum", { min: l.minOrderQty })}
                            </span>
                          )}
                        </div>
                      )}
                    </td>
                    <td className={`${styles.num} dp-wide`}>{formatMoney(l.price, locale)}</td>
                    <td>
                      <QuantityCell id={l.id} quantity={l.quantity} rules={{ minOrderQty: l.minOrderQty, stock: l.stock, onSale: l.onSale }} disabled={!data.can.update} />
                    </td>
                    <td className={styles.num} data-testid="cart-line-subtotal">
                      {formatMoney(l.subtotal, locale)}
                    </td>
                    <td className="dp-wide">
                      <RemarkCell id={l.id} remark={l.remark} disabled={!data.can.update} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CartSelection>
      )}
    </section>
  );
}
