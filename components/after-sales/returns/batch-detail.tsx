import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { parseReturnBatchFilters, returnBatchQuery, type ReturnBatchDetail } from "@/lib/after-sales/returns/queries";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";
import { BatchItemActions, BatchReceiveAll } from "./batch-actions";
import { Facts, History, type Fact } from "@/components/ui/facts";
import { PartImages } from "./part-images";
import type { ReturnDicts } from "./return-list";
import own from "./returns.module.css";

// A return log (one delivery batch) at ?id=: the delivery fields, the status history and its
// items (return type, status, material, fault quantity, part images, a link to each return).
// Staff's receive and complete buttons are small client islands.

export async function ReturnBatchDetailView({
  b,
  locale,
  dicts,
  dealTypes,
  params,
}: {
  b: ReturnBatchDetail;
  locale: Locale;
  dicts: ReturnDicts;
  dealTypes: DictItemView[];
  params: URLSearchParams;
}) {
  const [t, tr, format] = await Promise.all([getTranslations("SalesReturns.ReturnLogs"), getTranslations("SalesReturns"), getFormatter()]);
  const zh = locale === "zh-CN";
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const label = (items: DictItemView[], v: string) => itemLabel(items, v, locale);
  const back = `/afterSale/salesReturnLogs${returnBatchQuery(parseReturnBatchFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const badge = (s: string) => <StatusBadge items={dicts.return_batch_status} value={s} locale={locale} />;
  const shipped = b.items.filter((i) => i.status === "SHIPPED").length;
  const staffActions = b.items.some((i) => i.moves.includes("receive") || i.moves.includes("complete"));

  const delivery: Fact[] = [
    [tr("fields.batchNo"), b.batchNo, "batchNo"],
    [tr("fields.status"), <StatusBadge key="s" items={dicts.return_batch_status} value={b.status} locale={locale} testId="detail-status" />],
    [tr("fields.company"), `${zh ? b.company.nameZh : b.company.nameEn} (${b.company.code})`, "company"],
    [t("detail.creator"), b.creator],
    [tr("fields.createdAt"), when(b.createdAt)],
    [tr("fields.shippingAddress"), b.shippingAddress, "shippingAddress"],
    [tr("fields.deliveryWay"), label(dicts.delivery_way, b.deliveryWay), "deliveryWay"],
    [tr("fields.carNo"), b.carNo, "carNo"],
    [tr("fields.contactPhone"), b.contactPhone, "contactPhone"],
    [tr("fields.logisticsCompany"), b.logisticsCompany, "logisticsCompany"],
    [tr("fields.logisticsNo"), b.logisticsNo, "logisticsNo"],
  ];

  return (
    <div className={styles.screen} data-testid="return-batch-detail" data-batch-no={b.batchNo} data-status={b.status}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="return-batch-back">
            {t("detail.back")}
          </Link>
        </p>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t("detail.title", { batchNo: b.batchNo })}
            </h1>
            <p className={styles.intro}>{badge(b.status)}</p>
          </div>
          {b.can.receiveAll && <BatchReceiveAll batchId={b.id} batchNo={b.batchNo} shipped={shipped} />}
        </div>
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("detail.items")}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="return-log-items">
            <thead>
              <tr>
                <th>{t("items.returnNo")}</th>
                <th>{t("items.returnType")}</th>
                <th>{t("items.status")}</th>
                <th>{t("items.material")}</th>
                <th className={styles.num}>{t("items.faultQuantity")}</th>
                <th>{t("items.dealType")}</th>
                <th>{t("items.partImg")}</th>
                {staffActions && <th>{t("detail.itemActions")}</th>}
              </tr>
            </thead>
            <tbody>
              {b.items.map((i) => (
                <tr key={i.id} data-testid="return-log-item" data-return-no={i.returnNo} data-status={i.status}>
                  <td className={styles.nowrap}>
                    <Link className={styles.link} href={`/afterSale/salesReturn?id=${i.id}`} prefetch={false}>
                      {i.returnNo}
                    </Link>
                  </td>
                  <td>{label(dicts.return_type, i.returnType)}</td>
                  <td>
                    <StatusBadge items={dicts.sales_return_status} value={i.status} locale={locale} testId="return-log-item-status" />
                  </td>
                  <td className={own.wide}>
                    {zh ? i.partName.zh : i.partName.en}
                    {i.materialCode ? <span className={styles.sub}>{i.materialCode}</span> : null}
                  </td>
                  <td className={styles.num}>{i.faultQuantity}</td>
                  <td>
                    {label(dicts.deal_type, i.dealType)}
                    {i.dealTypeDone ? (
                      <span className={styles.sub} data-testid="return-log-item-done">
                        {tr("fields.dealTypeDone")}: {label(dicts.deal_type, i.dealTypeDone)}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <PartImages images={i.partImg} small testId="return-log-item-images" />
                  </td>
                  {staffActions && (
                    <td>
                      <BatchItemActions batchId={b.id} target={{ id: i.id, returnNo: i.returnNo, dealType: i.dealType }} moves={i.moves} dealTypes={dealTypes} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className={styles.grid2}>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("detail.delivery")}</h2>
          <Facts list={delivery} />
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{tr("detail.history")}</h2>
          <History events={b.events} badge={badge} by={(user) => tr("detail.by", { user })} when={when} empty={tr("detail.noHistory")} testId="return-batch-history" />
        </section>
      </div>
    </div>
  );
}
