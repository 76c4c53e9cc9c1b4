import type { ReactNode } from "react";
import Form from "next/form";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ExportButton } from "@/components/list/export-button";
import { PageLinks } from "@/components/list/record-list";
import kit from "@/components/ui/record-screen.module.css";
import type { Viewer } from "@/lib/auth/viewer";
import { isLocale, type Locale } from "@/lib/i18n/config";
import {
  NETWORK_PAGE,
  UNPLANNED_VEHICLES,
  type AchievementLine,
  type CompanyAchievement,
  type Figures,
  type LineKind,
  type NetworkRow,
  type SeriesPoint,
} from "@/lib/plans/achievement";
import type { PurchasePlanStatus } from "@/lib/generated/prisma/enums";
import { addMonths } from "@/lib/plans/achievement-month";
import { loadAchievementPanel } from "@/lib/plans/achievement-loader";
import { AchievementChartLazy } from "./achievement-chart-lazy";
import own from "./achievement.module.css";

// The achievement tab of crm/customerPlan (?tab=achievement), server-rendered. A dealer sees
// its month: a month picker, the plan's lines with planned, ordered, shipped and retail and
// their percentages (greyed planned figures and no percentages while the plan is not approved),
// and the chart of the last 12 months. Staff see every dealer of their scope for the month,
// sorted by completion, with the Excel export, and open one dealer (?company=) to see that
// dealer's view. The only client code is the chart (loaded on demand) and the export button.

const BASE = "/crm/customerPlan";
type Params = Record<string, string | string[] | undefined>;
type T = Awaited<ReturnType<typeof getTranslations<"PlanAchievement">>>;

const href = (q: Record<string, string | number | null | undefined>) => {
  const p = new URLSearchParams({ tab: "achievement" });
  for (const [k, v] of Object.entries(q)) if (v !== null && v !== undefined && v !== "") p.set(k, String(v));
  return `${BASE}?${p.toString()}`;
};

function toSearch(params: Params): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) p.set(k, first);
  }
  return p;
}

export type AchievementPanelProps = {
  viewer: Viewer;
  /** The page's searchParams (awaited): month=YYYY-MM, company=<id> (staff), page=<n> (staff). */
  searchParams: Params;
  /** The request's locale; read from next-intl when left out. */
  locale?: Locale;
};

export async function AchievementPanel({ viewer, searchParams, locale: given }: AchievementPanelProps) {
  const raw = given ?? (await getLocale());
  const locale: Locale = isLocale(raw) ? raw : "en-US";
  const [data, t, tTable] = await Promise.all([loadAchievementPanel(viewer, toSearch(searchParams), locale), getTranslations("PlanAchievement"), getTranslations("Common.table")]);
  if (data.kind === "missing") notFound();
  const fmt = formats(locale);
  if (data.kind === "network") {
    return (
      <div className={kit.screen} data-testid="plan-achievement">
        <MonthPicker t={t} month={data.month} fmt={fmt} intro={t("staffIntro")} />
        <NetworkTable t={t} fmt={fmt} rows={data.rows} month={data.month} offset={(data.page - 1) * NETWORK_PAGE} total={data.total}>
          {data.pages > 1 && <PageLinks id="achievement" t={tTable} href={(page) => href({ month: data.month, page })} page={data.page} pages={data.pages} total={data.total} />}
        </NetworkTable>
      </div>
    );
  }
  const a = data.achievement;
  const company = data.staff ? a.company.id : null;
  return (
    <div className={kit.screen} data-testid="plan-achievement">
      <MonthPicker t={t} month={data.month} fmt={fmt} company={company} intro={data.staff ? null : t("dealerIntro")}>
        {data.staff && (
          <p style={{ margin: 0 }}>
            <Link className={kit.link} href={href({ month: data.month })} data-testid="achievement-back">
              ← {t("back")}
            </Link>
            <span className={kit.sub}>
              {fmt.name(a.company)} · {a.company.code}
            </span>
          </p>
        )}
      </MonthPicker>
      <LinesTable t={t} fmt={fmt} a={a} />
      <ChartSection t={t} fmt={fmt} series={data.series} />
    </div>
  );
}

type Fmt = ReturnType<typeof formats>;

function formats(locale: Locale) {
  const zh = locale === "zh-CN";
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const long = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat(locale, { year: "2-digit", month: "short", timeZone: "UTC" });
  const date = (m: string) => new Date(`${m}-01T00:00:00Z`);
  return {
    zh,
    num: (n: number | null) => (n === null ? "—" : number.format(n)),
    pct: (n: number | null) => (n === null ? "—" : `${number.format(n)}%`),
    month: (m: string) => long.format(date(m)),
    shortMonth: (m: string) => short.format(date(m)),
    name: (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn),
  };
}

/** The month form (a GET form of one native month field) with the previous and next months. */
function MonthPicker({ t, month, fmt, company = null, intro, children }: { t: T; month: string; fmt: Fmt; company?: number | null; intro: string | null; children?: ReactNode }) {
  return (
    <section className={kit.card}>
      {children}
      {intro && <p className={kit.intro}>{intro}</p>}
      <Form key={`${month}-${company ?? ""}`} action={BASE} className={own.monthForm} data-testid="achievement-month-form" style={{ marginTop: intro || children ? 12 : 0 }}>
        <input type="hidden" name="tab" value="achievement" />
        {company !== null && <input type="hidden" name="company" value={company} />}
        <label className={kit.field} htmlFor="achievement-month">
          {t("month")}
          {/* A browser without a month picker shows a text box: the pattern and the hint say the format. */}
          <input
            id="achievement-month"
            className={`${kit.input} ${own.monthInput}`}
            type="month"
            name="month"
            defaultValue={month}
            min="2000-01"
            max="2100-12"
            pattern="\d{4}-\d{2}"
            title={t("monthHint")}
            required
            data-testid="achievement-month"
          />
        </label>
        <div className={kit.buttons}>
          <button type="submit" className={kit.buttonPrimary} data-testid="achievement-show">
            {t("show")}
          </button>
          {/* The visible month is part of the name (WCAG 2.5.3); the arrows are decoration. */}
          <Link className={kit.button} href={href({ month: addMonths(month, -1), company })} data-testid="achievement-previous">
            <span aria-hidden="true">‹ </span>
            {fmt.shortMonth(addMonths(month, -1))}
            <span className="dp-visually-hidden"> ({t("previousMonth")})</span>
          </Link>
          <Link className={kit.button} href={href({ month: addMonths(month, 1), company })} data-testid="achievement-next">
            {fmt.shortMonth(addMonths(month, 1))}
            <span className="dp-visually-hidden"> ({t("nextMonth")})</span>
            <span aria-hidden="true"> ›</span>
          </Link>
        </div>
      </Form>
    </section>
  );
}

const STATUS_COLOR: Partial<Record<PurchasePlanStatus | "NONE", string>> = { APPROVED: "green", SUBMITTED: "blue", RETURNED: "orange" };

function StatusTag({ t, status }: { t: T; status: PurchasePlanStatus | null }) {
  const s = status ?? "NONE";
  return (
    <span className={kit.tag} data-color={STATUS_COLOR[s]} data-testid="achievement-plan-status" data-status={s}>
      {t(`statuses.${s}`)}
    </span>
  );
}

/** The figure cells of a line, subtotal or total: planned, ordered (+%), shipped (+%), retail (+%). */
function FigureCells({ f, fmt, greyed }: { f: Figures; fmt: Fmt; greyed: boolean }) {
  return (
    <>
      <td className={`${kit.num} ${greyed ? own.greyed : ""}`} data-testid="achievement-planned">
        {fmt.num(f.planned)}
      </td>
      <td className={kit.num} data-testid="achievement-ordered">
        {fmt.num(f.ordered)}
      </td>
      <td className={kit.num} data-testid="achievement-ordered-pct">
        {fmt.pct(f.pct.ordered)}
      </td>
      <td className={`${kit.num} dp-wide`} data-testid="achievement-shipped">
        {fmt.num(f.shipped)}
      </td>
      <td className={`${kit.num} dp-wide`} data-testid="achievement-shipped-pct">
        {fmt.pct(f.pct.shipped)}
      </td>
      <td className={kit.num} data-testid="achievement-retail">
        {fmt.num(f.retail)}
      </td>
      <td className={`${kit.num} dp-wide`} data-testid="achievement-retail-pct">
        {fmt.pct(f.pct.retail)}
      </td>
    </>
  );
}

function lineName(t: T, fmt: Fmt, l: AchievementLine) {
  if (l.rest) return t("restVehicles");
  if (l.goods)
    return (
      <>
        {fmt.name(l.goods)}
        <span className={kit.sub}>
          {l.goods.code}
          {l.goods.config ? ` · ${l.goods.config}` : ""}
        </span>
      </>
    );
  const c = l.category!;
  const label = c.code === "OTHER" && c.labelEn === c.code ? t("otherCategory") : fmt.zh ? c.labelZh : c.labelEn;
  return (
    <>
      {label}
      {label !== c.code && c.code !== "OTHER" && <span className={kit.sub}>{c.code}</span>}
    </>
  );
}

function LinesTable({ t, fmt, a }: { t: T; fmt: Fmt; a: CompanyAchievement }) {
  const greyed = !!a.plan && !a.approved;
  const month = fmt.month(a.month);
  const kinds: LineKind[] = ["VEHICLE", "PARTS"];
  return (
    <section className={kit.card} data-testid="achievement-lines" data-approved={a.approved ? "true" : "false"}>
      <div className={own.subhead}>
        <h2 className={own.heading}>{t("linesTitle", { month })}</h2>
        {a.plan ? (
          <span>
            {t("planNo", { planNo: a.plan.planNo })} <StatusTag t={t} status={a.plan.status} />
          </span>
        ) : (
          <StatusTag t={t} status={null} />
        )}
      </div>
      {!a.plan && (
        <p className={kit.notice} data-testid="achievement-no-plan">
          {t("noPlan", { month })}
        </p>
      )}
      {greyed && (
        <p className={kit.notice} data-testid="achievement-not-approved">
          {t("notApproved")}
        </p>
      )}
      {a.lines.length === 0 ? (
        <p className={kit.empty} data-testid="achievement-empty">
          {t("empty", { month })}
        </p>
      ) : (
        <div className={kit.tableWrap} tabIndex={0} role="region" aria-label={t("linesTitle", { month })}>
          <table className={kit.table} data-testid="achievement-table">
            <thead>
              <tr>
                <th>{t("columns.line")}</th>
                <th className={kit.num}>
                  {t("columns.planned")}
                  {greyed && <span className={`${kit.tag} ${own.tag}`}>{t("notApprovedTag")}</span>}
                </th>
                <th className={kit.num}>{t("columns.ordered")}</th>
                <th className={kit.num}>{t("columns.orderedPct")}</th>
                <th className={`${kit.num} dp-wide`}>{t("columns.shipped")}</th>
                <th className={`${kit.num} dp-wide`}>{t("columns.shippedPct")}</th>
                <th className={kit.num}>{t("columns.retail")}</th>
                <th className={`${kit.num} dp-wide`}>{t("columns.retailPct")}</th>
              </tr>
            </thead>
            <tbody>
              {kinds.flatMap((k) => {
                const lines = a.lines.filter((l) => l.kind === k);
                if (!lines.length) return [];
                return [
                  ...lines.map((l) => (
                    <tr key={l.key} data-testid={`achievement-line-${l.key}`} data-unplanned={l.unplanned ? "true" : undefined}>
                      <td>
                        {lineName(t, fmt, l)}
                        {l.unplanned && (
                          <span className={`${kit.tag} ${own.tag}`} data-color="orange">
                            {t("unplanned")}
                          </span>
                        )}
                      </td>
                      <FigureCells f={l} fmt={fmt} greyed={greyed} />
                    </tr>
                  )),
                  <tr key={`sub-${k}`} className={own.subtotal} data-testid={`achievement-subtotal-${k}`}>
                    <td>{t("subtotal", { kind: t(`kinds.${k}`) })}</td>
                    <FigureCells f={a.subtotals[k]} fmt={fmt} greyed={greyed} />
                  </tr>,
                ];
              })}
              <tr className={own.total} data-testid="achievement-total">
                <td>{t("total")}</td>
                <FigureCells f={a.totals} fmt={fmt} greyed={greyed} />
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {a.lines.some((l) => l.rest) && (
        <p className={own.note} data-testid="achievement-rest-note">
          {t("restNote", { count: UNPLANNED_VEHICLES })}
        </p>
      )}
      <p className={own.note}>{t("retailNote")}</p>
    </section>
  );
}

const COLORS = { planned: "#8c8c8c", ordered: "#389e0d", retail: "#1677ff" };

/** The chart (drawn by chart.js once loaded) and the same figures as a table for screen readers. */
function ChartSection({ t, fmt, series }: { t: T; fmt: Fmt; series: SeriesPoint[] }) {
  const from = fmt.month(series[0].month);
  const to = fmt.month(series[series.length - 1].month);
  const title = t("chart.title", { from, to });
  const labels = series.map((p) => fmt.shortMonth(p.month));
  const keys = ["planned", "ordered", "retail"] as const;
  return (
    <section className={kit.card}>
      <figure className={own.figure} data-testid="plan-achievement-chart" aria-labelledby="achievement-chart-title">
        <figcaption id="achievement-chart-title" className={own.caption}>
          {title}
        </figcaption>
        <p className={own.note} style={{ margin: "0 0 8px" }}>
          {t("chart.caption")}
        </p>
        <div className={own.chartBox}>
          <AchievementChartLazy name={title} labels={labels} series={keys.map((k) => ({ label: t(`chart.${k}`), color: COLORS[k], data: series.map((p) => p[k]) }))} />
        </div>
        <table className="dp-visually-hidden" data-testid="plan-achievement-chart-table">
          <caption>{t("chart.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("chart.month")}</th>
              {keys.map((k) => (
                <th key={k} scope="col">
                  {t(`chart.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.month}>
                <th scope="row">{fmt.month(p.month)}</th>
                {keys.map((k) => (
                  <td key={k}>{p[k]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </section>
  );
}

function NetworkTable({ t, fmt, rows, month, offset, total, children }: { t: T; fmt: Fmt; rows: NetworkRow[]; month: string; offset: number; total: number; children: ReactNode }) {
  return (
    <section className={kit.card} data-testid="achievement-network">
      <div className={own.subhead}>
        <div>
          <h2 className={own.heading}>{t("networkTitle", { month: fmt.month(month) })}</h2>
          <span className={kit.muted} data-testid="achievement-count">
            {t("networkCount", { count: total })}
          </span>
        </div>
        <ExportButton href={`/api/v1/plans/achievement/export?month=${month}`} label={t("export")} testId="achievement-export" />
      </div>
      {rows.length === 0 ? (
        <p className={kit.empty} data-testid="achievement-empty">
          {t("networkEmpty")}
        </p>
      ) : (
        <div className={kit.tableWrap} tabIndex={0} role="region" aria-label={t("networkTitle", { month: fmt.month(month) })}>
          <table className={kit.table} data-testid="achievement-network-table">
            <thead>
              <tr>
                <th className={`${kit.num} dp-wide`}>{t("columns.rank")}</th>
                <th>{t("columns.company")}</th>
                <th className="dp-wide">{t("columns.plan")}</th>
                <th className={kit.num}>{t("columns.planned")}</th>
                <th className={kit.num}>{t("columns.ordered")}</th>
                <th className={`${kit.num} dp-wide`}>{t("columns.shipped")}</th>
                <th className={`${kit.num} dp-wide`}>{t("columns.retail")}</th>
                <th className={kit.num}>{t("columns.completion")}</th>
                <th className={`${kit.num} dp-wide`}>{t("columns.shippedPct")}</th>
                <th className={`${kit.num} dp-wide`}>{t("columns.retailPct")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.company.id} data-testid={`achievement-row-${r.company.id}`}>
                  <td className={`${kit.num} dp-wide`}>{offset + i + 1}</td>
                  <td>
                    <Link className={kit.link} href={href({ month, company: r.company.id })} prefetch={false} data-testid="achievement-drill">
                      {fmt.name(r.company)}
                    </Link>
                    <span className={kit.sub}>{r.company.code}</span>
                  </td>
                  <td className="dp-wide">
                    <StatusTag t={t} status={r.plan?.status ?? null} />
                  </td>
                  <td className={kit.num}>{fmt.num(r.planned)}</td>
                  <td className={kit.num}>{fmt.num(r.ordered)}</td>
                  <td className={`${kit.num} dp-wide`}>{fmt.num(r.shipped)}</td>
                  <td className={`${kit.num} dp-wide`}>{fmt.num(r.retail)}</td>
                  <td className={kit.num} data-testid="achievement-completion">
                    {fmt.pct(r.completion)}
                  </td>
                  <td className={`${kit.num} dp-wide`}>{fmt.pct(r.pct.shipped)}</td>
                  <td className={`${kit.num} dp-wide`}>{fmt.pct(r.pct.retail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={own.note}>{t("retailNote")}</p>
      {children}
    </section>
  );
}
