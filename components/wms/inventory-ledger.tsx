import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { ListResults } from "@/components/list/record-list";
import { Facts, type Fact } from "@/components/ui/facts";
import styles from "@/components/ui/record-screen.module.css";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { queryString } from "@/lib/list/keyset";
import { DOC_ROUTE } from "@/lib/wms/inventory/options";
import { LEDGER_SIZE, type LedgerData } from "@/lib/wms/inventory/queries";
import own from "./inventory.module.css";
import { MinimumForm } from "./inventory-minimum";

// customerWms/inventory?goodsId=… — one goods in one company: its totals and minimum, where it
// is (with the VINs of a vehicle), and every movement newest first with a link to its document.
// Server HTML; the minimum's small form is the one island (dealers holding inventory:setMinimum).

const ROUTE = "customerWms/inventory";

export async function InventoryLedger({ data }: { data: LedgerData }) {
  const [t, tw, format, locale] = await Promise.all([getTranslations("WmsInventory"), getTranslations("Wms"), getFormatter(), getLocale() as Promise<Locale>]);
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn);
  const money = (v: string | null) => (v === null ? "—" : formatMoney(v, locale));
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const f = data.filters;
  const base = {
    goodsId: f.goodsId,
    companyId: data.staff ? data.company.id : undefined,
    warehouseId: f.warehouseId ?? undefined,
    size: f.size !== LEDGER_SIZE ? f.size : undefined,
  };
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${queryString(base, extra)}`;
  const facts: Fact[] = [
    [t("fields.quantity"), data.totals.quantity, "ledger-quantity"],
    [t("fields.reserved"), data.totals.reserved],
    [t("fields.available"), data.totals.available],
    [t("fields.value"), money(data.totals.value), "ledger-value"],
    [t("fields.avgCost"), money(data.totals.avgCost)],
    [t("fields.minQty"), data.minQty ?? t("ledger.noMinimum"), "ledger-minimum"],
  ];

  return (
    <div className={styles.screen} data-testid="wms-inventory-ledger">
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link className={styles.link} href={`/${ROUTE}`} data-testid="ledger-back">
            ← {t("ledger.back")}
          </Link>
        </p>
        <h1 className={styles.title} data-testid="page-title">
          {t("ledger.title", { code: data.goods.code, name: named(data.goods) })}
        </h1>
        <p className={styles.intro}>
          {t(`kinds.${data.goods.kind}`)} · {t("ledger.company", { name: named(data.company), code: data.company.code })}
          {data.low && (
            <>
              {" "}
              <span className={styles.tag} data-color="red" data-testid="ledger-low">
                {t("lowStock")}
              </span>
            </>
          )}
        </p>
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("ledger.totals")}</h2>
        <Facts list={facts} testIdPrefix="" />
        {data.can.setMinimum && <MinimumForm goodsId={data.goods.id} minQty={data.minQty} />}
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("ledger.onHand")}</h2>
        {data.onHand.length === 0 ? (
          <p className={styles.empty}>{t("ledger.noStock")}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t("ledger.onHand")}>
            <table className={styles.table} data-testid="ledger-onhand">
              <thead>
                <tr>
                  <th>{t("fields.warehouse")}</th>
                  <th>{t("fields.location")}</th>
                  <th className={styles.num}>{t("fields.quantity")}</th>
                  <th className={`${styles.num} dp-wide`}>{t("fields.reserved")}</th>
                  <th className={`${styles.num} dp-wide`}>{t("fields.value")}</th>
                </tr>
              </thead>
              <tbody>
                {data.onHand.map((r) => (
                  <tr key={r.location.id}>
                    <td>
                      <Link className={styles.link} href={href({ warehouseId: r.warehouse.id })} prefetch={false}>
                        {r.warehouse.name}
                      </Link>
                      <span className={styles.sub}>{r.warehouse.code}</span>
                    </td>
                    <td>
                      <span className={own.mono}>{r.location.code}</span>
                      {r.vins.length > 0 && (
                        <span className={own.vins} data-testid="ledger-vins">
                          {r.vins.map((vin) => (
                            <Link key={vin} className={`${styles.link} ${own.mono}`} href={`/car/vehicleInformation?vin=${vin}`} prefetch={false}>
                              {vin}
                            </Link>
                          ))}
                        </span>
                      )}
                    </td>
                    <td className={styles.num}>{r.quantity}</td>
                    <td className={`${styles.num} dp-wide`}>{r.reserved}</td>
                    <td className={`${styles.num} dp-wide`}>{money(r.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>
          {t("ledger.movements")}
          {f.warehouseId && (
            <>
              {" · "}
              <Link className={styles.link} href={`/${ROUTE}${queryString({ ...base, warehouseId: undefined })}`} prefetch={false}>
                {t("ledger.allWarehouses")}
              </Link>
            </>
          )}
        </h2>
      </section>
      <ListResults
        id="ledger"
        t={t}
        pagerT={t}
        page={{ ...data, filters: { cursor: f.cursor } }}
        href={href}
        empty={t("ledger.empty")}
        showCount={false}
        head={
          <>
            <th className="dp-wide">{t("fields.time")}</th>
            <th>{t("fields.docNo")}</th>
            <th className="dp-wide">{t("fields.type")}</th>
            <th>{t("fields.location")}</th>
            <th className="dp-wide">{t("fields.vin")}</th>
            <th className={styles.num}>{t("fields.quantity")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.unitCost")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.balance")}</th>
            <th className="dp-wide">{t("fields.user")}</th>
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.id} data-testid="ledger-row" data-doc={r.doc.docNo}>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.at)}</td>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={`/${DOC_ROUTE[r.doc.type]}?id=${r.doc.id}`} prefetch={false} data-testid="ledger-doc">
                {r.doc.docNo}
              </Link>
            </td>
            <td className="dp-wide">{tw(`types.${r.doc.type}`)}</td>
            <td className={styles.nowrap}>
              <span className={own.mono}>{r.location.code}</span>
              <span className={styles.sub}>{r.warehouse.code}</span>
            </td>
            <td className={`${own.mono} dp-wide`}>{r.vin ?? "—"}</td>
            <td className={styles.num} data-testid="ledger-quantity-change">
              {r.quantity > 0 ? `+${r.quantity}` : r.quantity}
            </td>
            <td className={`${styles.num} dp-wide`}>{money(r.unitCost)}</td>
            <td className={`${styles.num} dp-wide`}>{r.balance}</td>
            <td className="dp-wide">{r.user ?? "—"}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
