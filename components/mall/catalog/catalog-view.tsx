import Form from "next/form";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { SelectAll, SelectionScope, SelectRow } from "@/components/list/selection";
import { PrintLabelsButton } from "@/components/qrcode/print-labels-button";
import sel from "@/components/qrcode/select.module.css";
import { PageContainer } from "@/components/ui/page-container";
import type { Locale } from "@/lib/i18n/config";
import type { CatalogData } from "@/lib/mall/goods/queries";
import { GoodsCardView } from "./goods-card";
import { GoodsDetailView } from "./goods-detail";
import styles from "./catalog.module.css";

// A dealer mall as plain server-rendered HTML (budgeted page: no antd, tiny client islands):
// the car-group chips and the search are links and a GET form, paging is a cursor link, and
// `?id=` shows one goods instead of the grid. The car and parts malls' cards have a checkbox:
// "Print labels" opens the selected goods' QR labels (labels/print).

/** The goods kinds whose labels print here (lib/qrcode/labels.ts reads the same two malls). */
const PRINTS_LABELS = new Set(["VEHICLE", "PART"]);

const ADMIN_ROUTE = { VEHICLE: "onlineMall/car/goods_bak", PART: "onlineMall/mountings/goods_bak", DERIVATIVE: "onlineMall/mountings/goods_bak" } as const;

function href(route: string, params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return `/${route}${s ? `?${s}` : ""}`;
}

export async function CatalogView({ route, data }: { route: string; data: CatalogData }) {
  const [t, tl] = await Promise.all([getTranslations("Catalog"), getTranslations("QrLabels")]);
  const locale = (await getLocale()) as Locale;
  const title = t(`title.${data.kind}`);

  if (data.mode === "detail") {
    return (
      <PageContainer title={title}>
        <Link href={`/${route}`} className={styles.back} data-testid="goods-back">
          ← {t("back")}
        </Link>
        {data.goods ? (
          <GoodsDetailView goods={data.goods} can={data.can} locale={locale} />
        ) : (
          <div className={styles.empty} data-testid="goods-not-found">
            <p>{t("notFound")}</p>
            <Link href={`/${route}`} className={styles.button}>
              {t("back")}
            </Link>
          </div>
        )}
      </PageContainer>
    );
  }

  const zh = locale === "zh-CN";
  const filtered = !!data.q || !!data.group;
  const labels = PRINTS_LABELS.has(data.kind) && data.items.length > 0;
  const screen = (
    <PageContainer
      title={title}
      description={t(`description.${data.kind}`)}
      extra={
        data.can.manage ? (
          <Link href={`/${ADMIN_ROUTE[data.kind]}`} className={`${styles.button} ${styles.ghost}`} data-testid="manage-goods">
            {t("manage")}
          </Link>
        ) : undefined
      }
    >
      <div className={styles.toolbar}>
        <Form action={`/${route}`} className={styles.search} role="search" data-testid="goods-search">
          {data.group ? <input type="hidden" name="group" value={data.group} /> : null}
          <input
            className={styles.searchInput}
            type="search"
            name="q"
            defaultValue={data.q}
            maxLength={50}
            placeholder={t("searchPlaceholder")}
            aria-label={t("searchPlaceholder")}
          />
          <button type="submit" className={styles.button}>
            {t("search")}
          </button>
        </Form>
        {labels && (
          <div className={sel.tools}>
            <label className={sel.pick}>
              <SelectAll label={tl("selectAll")} />
              {tl("selectAll")}
            </label>
            <PrintLabelsButton purpose="GOODS" label={tl("button")} countLabel={tl("buttonCount", { count: "#" })} hint={tl("selectHint")} />
          </div>
        )}
      </div>
      {data.groups.length > 0 && (
        <ul className={styles.chips} aria-label={t("groups")} data-testid="group-chips">
          <li>
            <Link href={href(route, { q: data.q })} className={`${styles.chip} ${data.group ? "" : styles.chipActive}`} aria-current={data.group ? undefined : "true"}>
              {t("allGroups")}
            </Link>
          </li>
          {data.groups.map((g) => (
            <li key={g.id}>
              <Link
                href={href(route, { group: g.id, q: data.q })}
                className={`${styles.chip} ${data.group === g.id ? styles.chipActive : ""}`}
                aria-current={data.group === g.id ? "true" : undefined}
                data-testid={`group-${g.code}`}
              >
                {zh ? g.nameZh : g.nameEn}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data.items.length === 0 ? (
        <div className={styles.empty} data-testid="goods-empty">
          <p>{filtered ? t("noMatch") : t("empty")}</p>
          {filtered && (
            <Link href={`/${route}`} className={`${styles.button} ${styles.ghost}`}>
              {t("clearFilters")}
            </Link>
          )}
        </div>
      ) : (
        <ul className={styles.grid} data-testid="goods-grid">
          {data.items.map((g, i) => (
            <li key={g.id} className={labels ? sel.cell : undefined}>
              {labels && (
                <span className={sel.cardPick}>
                  <SelectRow id={g.id} label={tl("selectRow", { name: `${zh ? g.nameZh : g.nameEn} (${g.code})` })} />
                </span>
              )}
              <GoodsCardView goods={g} detailHref={href(route, { id: g.id })} can={data.can} locale={locale} eager={i < 4} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
      {(data.cursor || data.nextCursor) && (
        <nav className={styles.pager} aria-label={t("pages")}>
          {data.cursor && (
            <Link href={href(route, { group: data.group, q: data.q })} className={`${styles.button} ${styles.ghost}`} data-testid="first-page">
              {t("firstPage")}
            </Link>
          )}
          {data.nextCursor && (
            <Link href={href(route, { group: data.group, q: data.q, cursor: data.nextCursor })} className={styles.button} data-testid="next-page">
              {t("nextPage")}
            </Link>
          )}
        </nav>
      )}
    </PageContainer>
  );
  return labels ? <SelectionScope ids={data.items.map((g) => g.id)}>{screen}</SelectionScope> : screen;
}
