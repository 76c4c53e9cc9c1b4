import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { preOrderQuery, type PreOrderPage } from "@/lib/mall/pre-orders/queries";
import { PRE_ORDER_STATUSES } from "@/lib/mall/pre-orders/schemas";
import { itemLabel } from "@/lib/dict/items";
import { StatusBadge } from "@/components/ui/status-badge";
import { DateFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";

// The pre-order list as server-rendered HTML: a GET form of native inputs for the filters,
// a plain table, keyset "newer / older" links. Staff see the dealer column and filter.

const ROUTE = "onlineMall/car/preOrder";
const SIZES = [10, 20, 50, 100];

export async function PreOrderList({
  page,
  locale,
  statuses,
  company,
  canCreate,
}: {
  page: PreOrderPage;
  locale: Locale;
  statuses: DictItemView[];
  company: string | null;
  canCreate: boolean;
}) {
  const [t, format] = await Promise.all([getTranslations("PreOrders"), getFormatter()]);
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${preOrderQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const id = (name: string) => `pre-orders-${name}`;

  return (
    <div className={styles.screen} data-testid="pre-order-list">
      <ListHeader title={t("title")} intro={company ? t("dealerIntro", { company }) : t("staffIntro")}>
        {canCreate && (
          <div>
            <p className={styles.muted} style={{ margin: "0 0 6px", maxWidth: 320 }}>
              {t("createHint")}
            </p>
            <Link href="/onlineMall/car/goods" className={styles.buttonPrimary} data-testid="pre-order-to-mall">
              {t("toMall")}
            </Link>
          </div>
        )}
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="pre-order" t={t}>
        <TextFilter id={id("no")} label={t("filters.preOrderNo")} name="preOrderNo" value={f.preOrderNo} maxLength={32} placeholder={t("filters.preOrderNoPlaceholder")} />
        <SelectFilter
          id={id("status")}
          label={t("filters.status")}
          name="status"
          value={f.status}
          any={t("filters.any")}
          options={PRE_ORDER_STATUSES.map((s) => ({ value: s, label: itemLabel(statuses, s, locale) }))}
        />
        <DateFilter id={id("from")} label={t("filters.from")} name="from" value={f.from} />
        <DateFilter id={id("to")} label={t("filters.to")} name="to" value={f.to} />
        {page.staff && <TextFilter id={id("company")} label={t("filters.company")} name="company" value={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} />}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="pre-order"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("columns.preOrderNo")}</th>
            <th className="dp-wide">{t("columns.createdAt")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th className="dp-wide">{t("columns.goods")}</th>
            <th className={`${styles.num} dp-wide`}>{t("columns.quantity")}</th>
            <th className={styles.num}>{t("columns.amount")}</th>
            <th className="dp-wide">{t("columns.expectedDate")}</th>
            <th>{t("columns.status")}</th>
            <th className="dp-wide">{t("columns.order")}</th>
            <th className="dp-wide">{t("columns.creator")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-testid="pre-order-row" data-pre-order-no={r.preOrderNo} data-status={r.status}>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>
                {r.preOrderNo}
              </Link>
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.createdAt)}</td>
            {page.staff && (
              <td className="dp-wide">
                {zh ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span>
              </td>
            )}
            <td className="dp-wide">
              <span className={styles.goodsCell}>
                {/* eslint-disable-next-line @next/next/no-img-element -- a served thumbnail */}
                {r.thumb ? <img className={styles.thumb} src={r.thumb} alt="" width={56} height={40} loading="lazy" /> : null}
                <span>
                  {zh ? r.nameZh : r.nameEn}
                  {r.config ? <span className={styles.sub}>{r.config}</span> : null}
                </span>
              </span>
            </td>
            <td className={`${styles.num} dp-wide`}>{r.quantity}</td>
            <td className={styles.num}>{formatMoney(r.amount, locale)}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.expectedDate ?? "—"}</td>
            <td>
              <StatusBadge items={statuses} value={r.status} locale={locale} testId="pre-order-status" />
            </td>
            <td className={`${styles.nowrap} dp-wide`}>
              {r.order ? (
                <Link className={styles.link} href={`/onlineMall/car/order?id=${r.order.id}`} prefetch={false}>
                  {r.order.orderNo}
                </Link>
              ) : (
                "—"
              )}
            </td>
            <td className="dp-wide">{r.creator}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
