import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { fileUrl } from "@/lib/uploads/formats";
import type { VehicleInfo } from "@/lib/vehicles/information";
import type { VehicleInfoRoute } from "@/lib/vehicles/stock/info-loader";
import { VinSearch } from "./vin-search";
import styles from "./vehicle-info.module.css";

// car/vehicleInformation: the VIN box, then the vehicle's facts (car type, shipping, sale,
// warranty), its history and its retail sales, all rendered on the server.

type Dicts = { vehicle_status: DictItemView[]; warranty_state: DictItemView[] };
type Fact = [label: string, value: ReactNode, key: string];

const PROBLEM_KEY = { length: "vinLength", characters: "vinCharacters", checkDigit: "vinCheckDigit" } as const;

function Tag({ items, value, locale, testId }: { items: readonly DictItemView[]; value: string; locale: string; testId?: string }) {
  const color = items.find((i) => i.value === value)?.color ?? "default";
  return (
    <span className={styles.tag} data-color={color} data-value={value} data-testid={testId}>
      {itemLabel(items, value, locale)}
    </span>
  );
}

function Facts({ list }: { list: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {list.map(([label, value, key]) => (
        <div key={key} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={`info-${key}`}>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export async function VehicleInfoScreen({ data, dicts, locale, staff }: { data: VehicleInfoRoute; dicts: Dicts; locale: Locale; staff: boolean }) {
  const [t, tv] = await Promise.all([getTranslations("VehicleInfo"), getTranslations("Validation")]);
  return (
    <div className={styles.screen} data-testid="vehicle-info-screen">
      <section className={styles.card}>
        <h1 className={styles.title} data-testid="page-title">
          {t("title")}
        </h1>
        <p className={styles.intro}>{staff ? t("staffIntro") : t("dealerIntro")}</p>
        <VinSearch key={data.vin ?? ""} initial={data.vin ?? ""} />
      </section>
      {data.vin === null ? (
        <section className={styles.card}>
          <p className={styles.empty} data-testid="vehicle-info-empty">
            {t("empty")}
          </p>
        </section>
      ) : data.problem ? (
        <section className={styles.card}>
          <p className={styles.invalid} role="alert" data-testid="vehicle-info-invalid">
            {tv(PROBLEM_KEY[data.problem], { label: t("search.label") })}
          </p>
        </section>
      ) : !data.info ? (
        <section className={styles.card}>
          <p className={styles.notFound} data-testid="vehicle-not-found">
            <strong>{t("notFound.title")}</strong>
            {t("notFound.hint", { vin: data.vin })}
          </p>
        </section>
      ) : (
        <VehicleDetails v={data.info} dicts={dicts} locale={locale} staff={staff} />
      )}
    </div>
  );
}

async function VehicleDetails({ v, dicts, locale, staff }: { v: VehicleInfo; dicts: Dicts; locale: Locale; staff: boolean }) {
  const [t, format] = await Promise.all([getTranslations("VehicleInfo"), getFormatter()]);
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn);
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) : null;
  const carType = [named(v.model), v.goods.config].filter(Boolean).join(" · ");

  const facts: Fact[] = [
    [t("fields.vin"), v.vin, "vin"],
    [t("fields.carType"), carType, "carType"],
    [t("fields.goods"), named(v.goods), "goods"],
    [t("fields.status"), <Tag key="s" items={dicts.vehicle_status} value={v.status} locale={locale} />, "status"],
    [t("fields.colour"), v.colour, "colour"],
    ...(staff ? [[t("fields.holder"), v.holder ? `${named(v.holder)} (${v.holder.code})` : t("factory"), "holder"] as Fact] : []),
    [t("fields.entryAt"), when(v.entryAt), "entryAt"],
    [t("fields.sendDate"), when(v.sendDate), "sendDate"],
    [t("fields.sendOrderNo"), v.sendOrderNo, "sendOrderNo"],
    [t("fields.marketDate"), when(v.marketDate), "marketDate"],
    [t("fields.saleCreator"), v.saleCreator, "saleCreator"],
    [t("fields.warrantyStart"), v.warrantyStart, "warrantyStart"],
    [t("fields.warrantyEnd"), v.warrantyEnd, "warrantyEnd"],
    [t("fields.warrantyState"), <Tag key="w" items={dicts.warranty_state} value={v.warrantyState} locale={locale} testId="warranty-state" />, "warrantyState"],
  ];

  return (
    <>
      <section className={styles.card} data-testid="vehicle-info" data-vin={v.vin} data-status={v.status}>
        <div className={styles.summary}>
          {v.goods.coverId ? (
            // eslint-disable-next-line @next/next/no-img-element -- served to signed-in viewers only; the optimizer has no session
            <img className={styles.picture} src={fileUrl(v.goods.coverId, true)} alt={named(v.goods)} width={220} height={146} />
          ) : (
            <span className={styles.noPicture}>{t("noPicture")}</span>
          )}
          <div className={styles.summaryText}>
            <p className={styles.vin}>{v.vin}</p>
            <p className={styles.carType}>{carType}</p>
            <div className={styles.tags}>
              <Tag items={dicts.vehicle_status} value={v.status} locale={locale} testId="vehicle-status" />
              <Tag items={dicts.warranty_state} value={v.warrantyState} locale={locale} />
            </div>
          </div>
        </div>
        <Facts list={facts} />
      </section>

      <div className={styles.grid2}>
        <section className={styles.card} data-testid="vehicle-sales">
          <h2 className={styles.sectionTitle}>{t("sales.title")}</h2>
          {v.sales.length === 0 ? (
            <p className={styles.muted}>{t("sales.empty")}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th>{t("sales.soldAt")}</th>
                    <th>{t("sales.owner")}</th>
                    <th>{t("sales.idNumber")}</th>
                    <th>{t("sales.warranty")}</th>
                    <th>{t("sales.recordedBy")}</th>
                    <th>{t("sales.returned")}</th>
                  </tr>
                </thead>
                <tbody>
                  {v.sales.map((s) => (
                    <tr key={s.id} data-testid="sale-row" data-returned={s.returnedAt ? "true" : "false"}>
                      <td className={styles.nowrap}>{when(s.soldAt)}</td>
                      <td>{s.ownerName}</td>
                      <td className={styles.nowrap} data-testid="sale-id-number">
                        {s.idNumberMasked}
                      </td>
                      <td className={styles.nowrap}>{t("sales.range", { start: s.warrantyStart, end: s.warrantyEnd })}</td>
                      <td>{s.createdBy}</td>
                      <td>
                        {s.returnedAt ? (
                          <>
                            <span className={styles.returned}>{when(s.returnedAt)}</span>
                            {s.returnReason && <span className={styles.sub}>{t("sales.reason", { reason: s.returnReason })}</span>}
                          </>
                        ) : (
                          t("sales.notReturned")
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className={styles.card} data-testid="vehicle-history">
          <h2 className={styles.sectionTitle}>{t("history.title")}</h2>
          {v.history.length === 0 ? (
            <p className={styles.muted}>{t("history.empty")}</p>
          ) : (
            <ol className={styles.timeline}>
              {[...v.history].reverse().map((e) => (
                <li key={e.id} className={styles.step} data-testid="history-step" data-to={e.to}>
                  <div className={styles.stepHead}>
                    <span className={styles.stepTime}>{when(e.at)}</span>
                    {e.from ? <Tag items={dicts.vehicle_status} value={e.from} locale={locale} /> : <span className={styles.muted}>{t("history.created")}</span>}
                    <span aria-label={t("history.to")}>→</span>
                    <Tag items={dicts.vehicle_status} value={e.to} locale={locale} />
                  </div>
                  {(e.company || e.orderNo || e.user) && (
                    <p className={styles.stepMeta}>
                      {e.company && <span>{t("history.company", { name: named(e.company) })}</span>}
                      {e.orderNo && <span>{t("history.order", { orderNo: e.orderNo })}</span>}
                      {e.user && <span>{t("history.user", { name: e.user })}</span>}
                    </p>
                  )}
                  {e.note && <p className={styles.stepNote}>{e.note}</p>}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
