import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { DOC_ROUTE, docQuery, parseDocFilters, type DocView } from "@/lib/wms/doc-queries";
import { Facts, History, type Fact } from "@/components/ui/facts";
import styles from "@/components/ui/record-screen.module.css";
import { DocActions } from "./doc-actions";
import { DocStatus } from "./doc-status";

// A warehouse document on its kind's route (?id=): the facts, the lines, the status history, all
// server HTML; the one client island is the action bar with the forms a move needs (locations
// for an entry, what arrived for a transfer, the counts of a stocktake).

export async function DocDetail({ doc, locale, params }: { doc: DocView; locale: Locale; params: URLSearchParams }) {
  const [t, tw, format] = await Promise.all([getTranslations("WmsDocs"), getTranslations("Wms"), getFormatter()]);
  const zh = locale === "zh-CN";
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const back = `/${DOC_ROUTE[doc.type]}${docQuery(parseDocFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const companyName = (c: { nameEn: string; nameZh: string; code: string }) => `${zh ? c.nameZh : c.nameEn} (${c.code})`;
  const stocktake = doc.type === "STOCKTAKE";
  const transfer = doc.type === "TRANSFER";

  const facts: Fact[] = [
    [t("detail.status"), <DocStatus key="s" status={doc.status} label={tw(`statuses.${doc.status}`)} testId="wmsdoc-detail-status" />],
    [t("detail.warehouse"), `${doc.warehouse.code} ${doc.warehouse.name}`, "warehouse"],
    ...(transfer && doc.toCompany ? [[t("detail.toCompany"), companyName(doc.toCompany), "toCompany"] as Fact] : []),
    ...(transfer && doc.toWarehouse ? [[t("detail.toWarehouse"), `${doc.toWarehouse.code} ${doc.toWarehouse.name}`, "toWarehouse"] as Fact] : []),
    [t("detail.source"), tw(`sources.${doc.source as "OTHER"}`), "source"],
    ...(doc.orderNo ? [[t("detail.order"), doc.orderNo, "order"] as Fact] : []),
    [t("columns.company"), companyName(doc.company)],
    [t("detail.creator"), doc.creator],
    [t("detail.createdAt"), when(doc.createdAt)],
    ...(doc.postedAt ? [[t("detail.postedAt"), when(doc.postedAt), "postedAt"] as Fact] : []),
    ...(stocktake && doc.frozenAt ? [[t("detail.frozenAt"), when(doc.frozenAt)] as Fact] : []),
    ...(stocktake && doc.assignee ? [[t("detail.assignee"), doc.assignee] as Fact] : []),
    ...(doc.customer.payment ? [[t("detail.payment"), doc.customer.payment] as Fact] : []),
    ...(doc.customer.amount ? [[t("detail.amount"), formatMoney(doc.customer.amount, locale)] as Fact] : []),
    ...(doc.customer.name ? [[t("detail.customer"), `${doc.customer.name} ${doc.customer.phone ?? ""}`] as Fact] : []),
    ...(doc.remark ? [[t("detail.remark"), doc.remark] as Fact] : []),
    [t("detail.ledgerRows"), doc.ledgerRows, "ledgerRows"],
  ];

  return (
    <div className={styles.screen} data-testid="wmsdoc-detail" data-doc-no={doc.docNo} data-status={doc.status}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="wmsdoc-back">
            {t("detail.back")}
          </Link>
        </p>
        <div className={styles.head}>
          <h1 className={styles.title} data-testid="page-title">
            {t("detail.title", { type: tw(`types.${doc.type}`), docNo: doc.docNo })}
          </h1>
        </div>
        <Facts list={facts} testIdPrefix="wmsdoc-detail-" />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("detail.lines")}</h2>
        {doc.lines.length === 0 ? (
          <p className={styles.muted}>{t("detail.noLines")}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t("detail.lines")}>
            <table className={styles.table} data-testid="wmsdoc-lines-table">
              <thead>
                <tr>
                  <th>{t("detail.goods")}</th>
                  <th className="dp-wide">{t("detail.vin")}</th>
                  <th className={styles.num}>{stocktake ? t("detail.book") : t("detail.quantity")}</th>
                  {stocktake && <th className={styles.num}>{t("detail.counted")}</th>}
                  {stocktake && <th className={styles.num}>{t("detail.difference")}</th>}
                  {transfer && <th className={styles.num}>{t("detail.received")}</th>}
                  {doc.lines.some((l) => l.from) && <th>{t("detail.from")}</th>}
                  {doc.lines.some((l) => l.to) && <th>{t("detail.to")}</th>}
                  <th className={`${styles.num} dp-wide`}>{doc.lines.some((l) => l.price) ? t("detail.price") : t("detail.unitCost")}</th>
                </tr>
              </thead>
              <tbody>
                {doc.lines.map((l) => (
                  <tr key={l.id} data-testid="wmsdoc-line-row" data-goods={l.goods.code}>
                    <td>
                      {l.goods.code} <span className={styles.sub}>{zh ? l.goods.nameZh : l.goods.nameEn}</span>
                    </td>
                    <td className={`${styles.nowrap} dp-wide`}>{l.vin ?? "—"}</td>
                    <td className={styles.num} data-testid="wmsdoc-line-quantity">
                      {l.quantity ?? <span className={styles.muted}>{t("detail.bookHidden")}</span>}
                    </td>
                    {stocktake && <td className={styles.num}>{l.countedQty ?? "—"}</td>}
                    {stocktake && <td className={styles.num}>{l.countedQty !== null && l.quantity !== null ? l.countedQty - l.quantity : "—"}</td>}
                    {transfer && (
                      <td className={styles.num}>
                        {l.receivedQty ?? "—"}
                        {l.receivedQty !== null && l.quantity !== null && l.receivedQty < l.quantity && (
                          <span className={styles.sub}>
                            {" "}
                            ({t("detail.shortfall")} {l.quantity - l.receivedQty})
                          </span>
                        )}
                      </td>
                    )}
                    {doc.lines.some((x) => x.from) && <td>{l.from ?? "—"}</td>}
                    {doc.lines.some((x) => x.to) && <td>{l.to ?? "—"}</td>}
                    <td className={`${styles.num} dp-wide`}>{formatMoney(l.price ?? l.unitCost, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <DocActions
          doc={{ id: doc.id, docNo: doc.docNo, type: doc.type, moves: doc.moves }}
          lines={doc.lines.map((l) => ({
            id: l.id,
            label: `${l.goods.code}${l.vin ? ` ${l.vin}` : ""}${l.to && doc.type === "STOCKTAKE" ? ` · ${l.to}` : ""}`,
            quantity: l.quantity,
            toLocationId: l.toLocationId,
            countedQty: l.countedQty,
            vehicle: !!l.vin,
          }))}
          locations={doc.locations}
        />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("detail.history")}</h2>
        <History
          events={doc.history}
          badge={(status) => <strong>{tw(`statuses.${status as "DRAFT"}`)}</strong>}
          by={(user) => `· ${user}`}
          when={when}
          empty={t("detail.noHistory")}
          testId="wmsdoc-history"
          transitions={false}
        />
      </section>
    </div>
  );
}
