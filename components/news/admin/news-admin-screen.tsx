import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { newsAdminQuery, type NewsAdminData } from "@/lib/news/admin-queries";
import { NEWS_PHASES } from "@/lib/news/schemas";
import { FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import { NewsCreateButton } from "./news-create-button";
import { NewsRowActions } from "./news-row-actions";
import own from "./news-admin.module.css";

// Staff's news management (market/news with news:manage) as server-rendered HTML: a GET form of
// native inputs for the filters, a plain table, keyset "newer / older" links. Writing, editing
// and the moves are small client islands; the form (antd, the rich-text editor, the upload
// field) loads on the first click.

const ROUTE = "market/news";
const SIZES = [10, 20, 50, 100];
const PHASE_COLOR = { draft: "default", scheduled: "blue", published: "green", unpublished: "orange" } as const;

export async function NewsAdminScreen({ data }: { data: NewsAdminData }) {
  const [t, format, locale] = await Promise.all([getTranslations("NewsAdmin"), getFormatter(), getLocale()]);
  const page = data.list;
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${newsAdminQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const id = (name: string) => `news-admin-${name}`;

  return (
    <div className={styles.screen} data-testid="news-admin">
      <ListHeader title={t("title")} intro={t("intro")}>
        <NewsCreateButton imageRule={data.imageRule} />
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="news-admin" t={t}>
        <TextFilter
          id={id("q")}
          label={t("filters.q")}
          name="q"
          value={f.q}
          maxLength={100}
          placeholder={t("filters.qPlaceholder")}
          style={{ minWidth: 260 }}
          testId="news-admin-q"
        />
        <SelectFilter
          id={id("status")}
          label={t("filters.status")}
          name="status"
          value={f.phase}
          any={t("filters.any")}
          options={NEWS_PHASES.map((p) => ({ value: p, label: t(`phases.${p}`) }))}
          testId="news-admin-status"
        />
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="news-admin"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("columns.title")}</th>
            <th>{t("columns.status")}</th>
            <th>{t("columns.publishAt")}</th>
            <th className={styles.num}>{t("columns.views")}</th>
            <th>{t("columns.author")}</th>
            <th>{t("columns.updatedAt")}</th>
            <th>{t("columns.actions")}</th>
          </>
        }
      >
        {page.rows.map((r) => {
          const title = zh ? r.titleZh : r.titleEn;
          const other = zh ? r.titleEn : r.titleZh;
          return (
            <tr key={r.id} data-testid="news-admin-row" data-news-id={r.id} data-phase={r.phase}>
              <td>
                <div className={own.titleCell}>
                  {r.thumb ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a served thumbnail
                    <img className={styles.thumb} src={r.thumb} alt="" loading="lazy" width={56} height={40} />
                  ) : (
                    <span className={own.noThumb} aria-hidden>
                      {t("noCover")}
                    </span>
                  )}
                  <div className={own.titles}>
                    <span className={own.title} data-testid="news-admin-title">
                      {title}
                    </span>
                    <span className={styles.sub}>{other}</span>
                  </div>
                </div>
              </td>
              <td>
                <span className={styles.tag} data-color={PHASE_COLOR[r.phase]} data-testid="news-admin-phase">
                  {t(`phases.${r.phase}`)}
                </span>
              </td>
              <td className={styles.nowrap}>
                {r.publishAt ? when(r.publishAt) : "—"}
                {r.publishAt && r.phase === "draft" ? <span className={styles.sub}>{t("planned")}</span> : null}
              </td>
              <td className={styles.num}>{format.number(r.views)}</td>
              <td className={styles.nowrap}>{r.author}</td>
              <td className={styles.nowrap}>{when(r.updatedAt)}</td>
              <td className={styles.nowrap}>
                <NewsRowActions row={{ id: r.id, slug: r.slug, title, phase: r.phase, moves: r.moves, plannedMinute: r.plannedMinute }} imageRule={data.imageRule} />
              </td>
            </tr>
          );
        })}
      </ListResults>
    </div>
  );
}
