import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import styles from "@/components/ui/record-screen.module.css";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { Receipt } from "@/lib/wms/pos/queries";
import { PosPrintButton } from "./pos-print-button";
import own from "./pos.module.css";

// A counter sale's receipt (customerWms/pointOfSale?receipt=<document id>), server HTML. Printing
// leaves only the receipt: the print stylesheet of ./pos.module.css hides everything on the page
// (the shell's header, menu and tabs included) but the element marked `receipt`.

const ROUTE = "/customerWms/pointOfSale";

export async function PosReceipt({ r, payments, locale, canSell }: { r: Receipt; payments: DictItemView[]; locale: Locale; canSell: boolean }) {
  const [t, tf, format] = await Promise.all([getTranslations("WmsPos.receipt"), getTranslations("WmsPos.fields"), getFormatter()]);
  const zh = locale === "zh-CN";
  return (
    <div className={styles.screen}>
      <div className={`${styles.buttons} ${own.noPrint}`}>
        <Link href={ROUTE} className={styles.button} data-testid="pos-receipt-back">
          {t("back")}
        </Link>
        {canSell && (
          <Link href={`${ROUTE}?sell`} className={styles.button}>
            {t("newSale")}
          </Link>
        )}
        <PosPrintButton />
      </div>
      <article className={`${styles.card} ${own.receipt}`} data-testid="pos-receipt">
        <header className={own.receiptHead}>
          <h1 className={styles.title}>{zh ? r.company.nameZh : r.company.nameEn}</h1>
          <p className={styles.muted}>
            {r.outlet.name}
            {r.outlet.address ? ` · ${r.outlet.address}` : ""}
            {r.outlet.phone ? ` · ${r.outlet.phone}` : ""}
          </p>
          <h2 className={styles.sectionTitle}>{t("title")}</h2>
        </header>
        <dl className={own.facts}>
          <dt>{t("docNo")}</dt>
          <dd data-testid="pos-receipt-docno">{r.docNo}</dd>
          <dt>{t("time")}</dt>
          <dd>{format.dateTime(new Date(r.at), { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Shanghai" })}</dd>
          <dt>{t("outlet")}</dt>
          <dd>
            {r.outlet.code} {r.outlet.name}
          </dd>
          <dt>{t("payment")}</dt>
          <dd>{r.paymentMethod ? itemLabel(payments, r.paymentMethod, locale) : "—"}</dd>
          {r.member && (
            <>
              <dt>{t("member")}</dt>
              <dd data-testid="pos-receipt-member">{r.member.memberNo}</dd>
              <dt>{t("pointsEarned")}</dt>
              <dd data-testid="pos-receipt-earned">{r.member.pointsEarned}</dd>
            </>
          )}
          {(r.customerName || r.customerPhone) && (
            <>
              <dt>{t("customer")}</dt>
              <dd>{[r.customerName, r.customerPhone].filter(Boolean).join(" · ")}</dd>
            </>
          )}
        </dl>
        <table className={`${styles.table} ${own.receiptTable}`}>
          <thead>
            <tr>
              <th>{t("goods")}</th>
              <th className={styles.num}>{tf("quantity")}</th>
              <th className={styles.num}>{tf("price")}</th>
              <th className={styles.num}>{tf("lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.code} {zh ? l.nameZh : l.nameEn}
                </td>
                <td className={styles.num}>{l.quantity}</td>
                <td className={`${styles.num} ${styles.nowrap}`}>{formatMoney(l.price, locale)}</td>
                <td className={`${styles.num} ${styles.nowrap}`}>{formatMoney(l.total, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {r.member && (
              <>
                <tr>
                  <th colSpan={3}>{t("subtotal")}</th>
                  <td className={`${styles.num} ${styles.nowrap}`} data-testid="pos-receipt-subtotal">
                    {formatMoney(r.member.subtotal, locale)}
                  </td>
                </tr>
                <tr>
                  <th colSpan={3}>{t("discount")}</th>
                  <td className={`${styles.num} ${styles.nowrap}`} data-testid="pos-receipt-discount">
                    −{formatMoney(r.member.discount, locale)}
                  </td>
                </tr>
                <tr>
                  <th colSpan={3}>{t("pointsRedeemed")}</th>
                  <td className={`${styles.num} ${styles.nowrap}`} data-testid="pos-receipt-redeemed">
                    {t("pointsRedeemedValue", { points: r.member.pointsRedeemed, value: formatMoney(r.member.redeemedValue, locale) })}
                  </td>
                </tr>
              </>
            )}
            <tr>
              <th colSpan={3}>{r.member ? t("paid") : t("total")}</th>
              <td className={`${styles.num} ${styles.nowrap}`} data-testid="pos-receipt-total">
                <strong>{formatMoney(r.amount, locale)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </article>
    </div>
  );
}
