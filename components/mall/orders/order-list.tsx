import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { itemLabel } from "@/lib/dict/items";
import { filterQuery, PAYMENT_FILTERS, STATUS_FILTERS, type OrderListPage } from "@/lib/mall/orders/queries";
import { DictBadge } from "./badge";
import type { OrderDicts } from "./order-dicts";
import { DateFilter, FilterForm, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "./orders.module.css";

// The order list as server-rendered HTML: a GET form of native inputs for the filters (next/form
// navigates without a full reload), a plain table, and keyset "newer / older" links.

const SIZES = [10, 20, 50, 100];

export async function OrderList({ page, route, locale, dicts, company }: { page: OrderListPage; route: string; locale: Locale; dicts: OrderDicts; company: string | null }) {
  const [t, format] = await Promise.all([getTranslations("OrderList"), getFormatter()]);
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${route}${filterQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const statusLabel = (v: string) => (v === "VALID" ? t("filters.valid") : itemLabel(dicts.order_status, v, locale));
  const paymentLabel = (v: string) => (v === "OUTSTANDING" ? t("filters.outstanding") : itemLabel(dicts.payment_status, v, locale));
  const id = (name: string) => `orders-${name}`;

  return (
    <div className={styles.screen} data-testid="order-list" data-type={page.type}>
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t("title", { type: page.type })}
            </h1>
            <p className={styles.intro}>{company ? t("dealerIntro", { company }) : t("staffIntro")}</p>
          </div>
        </div>
      </section>

      {/* Keyed by the filters so a reset or a drill-down link shows the new values. */}
      <FilterForm action={`/${route}`} id="order" t={t} resetTestId="order-reset" formKey={filterQuery(f)}>
        <TextFilter id={id("orderNo")} label={t("filters.orderNo")} name="orderNo" value={f.orderNo} maxLength={32} placeholder={t("filters.orderNoPlaceholder")} />
        <SelectFilter
          id={id("status")}
          label={t("filters.status")}
          name="status"
          value={f.status}
          any={t("filters.any")}
          options={STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <SelectFilter
          id={id("payment")}
          label={t("filters.payment")}
          name="payment"
          value={f.payment}
          any={t("filters.any")}
          options={PAYMENT_FILTERS.map((s) => ({ value: s, label: paymentLabel(s) }))}
        />
        <DateFilter id={id("from")} label={t("filters.from")} name="from" value={f.from} />
        <DateFilter id={id("to")} label={t("filters.to")} name="to" value={f.to} />
        {page.staff && <TextFilter id={id("company")} label={t("filters.company")} name="company" value={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} />}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="order"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("columns.orderNo")}</th>
            <th className="dp-wide">{t("columns.createdAt")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th className={`${styles.num} dp-wide`}>{t("columns.quantity")}</th>
            <th className={styles.num}>{t("columns.amount")}</th>
            <th className={`${styles.num} dp-wide`}>{t("columns.paid")}</th>
            <th className="dp-wide">{t("columns.payment")}</th>
            <th>{t("columns.status")}</th>
            <th className="dp-wide">{t("columns.creator")}</th>
            <th className="dp-wide">{t("columns.receiver")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-testid="order-row" data-order-no={r.orderNo} data-status={r.status}>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>
                {r.orderNo}
              </Link>
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.createdAt)}</td>
            {page.staff && (
              <td className="dp-wide">
                {locale === "zh-CN" ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span>
              </td>
            )}
            <td className={`${styles.num} dp-wide`}>{r.quantity}</td>
            <td className={styles.num}>{formatMoney(r.amount, locale)}</td>
            <td className={`${styles.num} dp-wide`}>{formatMoney(r.paidAmount, locale)}</td>
            <td className="dp-wide">
              <DictBadge items={dicts.payment_status} value={r.paymentState} locale={locale} />
            </td>
            <td>
              <DictBadge items={dicts.order_status} value={r.status} locale={locale} testId="order-status" />
            </td>
            <td className="dp-wide">{r.creator}</td>
            <td className="dp-wide">{r.receiver}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
