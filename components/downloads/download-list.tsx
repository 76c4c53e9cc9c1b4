import Form from "next/form";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { downloadQuery, type DownloadPage, type DownloadRow } from "@/lib/downloads/queries";
import type { DownloadUploadRules } from "@/lib/downloads/route";
import { DownloadButton } from "./download-button";
import { DownloadGallery } from "./download-gallery";
import { DownloadCreateButton, DownloadManageBar } from "./download-manage";
import { FileIcon, LinkIcon, LockIcon } from "./icons";
import { fileSize } from "./file-size";
import styles from "@/components/ui/record-screen.module.css";
import own from "./downloads.module.css";

// The download centre as server-rendered HTML: a GET search form of native inputs, the items as
// cards (title, excerpt, pictures, who and when, downloads, a lock when a code is needed) with a
// Download button each, keyset "newer / older" links. Managing staff also see switched-off
// items, a status filter, "New item" and each item's edit / on-off / delete buttons.

const ROUTE = "download/downloadCenters";
const SIZES = [10, 20, 50];

type Props = { page: DownloadPage; rules: DownloadUploadRules | null };

export async function DownloadList({ page, rules }: Props) {
  const [t, format] = await Promise.all([getTranslations("Downloads"), getFormatter()]);
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${downloadQuery(f, extra)}`;
  const id = (name: string) => `downloads-${name}`;
  const manage = page.manage && rules;

  return (
    <div className={styles.screen} data-testid="download-list">
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">{t("title")}</h1>
            <p className={styles.intro}>{t(manage ? "staffIntro" : "intro")}</p>
          </div>
          {manage && <DownloadCreateButton rules={rules} />}
        </div>
      </section>

      <section className={styles.card}>
        <Form action={`/${ROUTE}`} className={styles.filters} data-testid="download-filters">
          <label className={styles.field} htmlFor={id("q")}>
            {t("filters.keyword")}
            <input id={id("q")} className={`${styles.input} ${own.keyword}`} type="search" name="q" defaultValue={f.q} maxLength={100} placeholder={t("filters.keywordPlaceholder")} autoComplete="off" data-testid="download-keyword" />
          </label>
          {page.manage && (
            <label className={styles.field} htmlFor={id("status")}>
              {t("filters.status")}
              <select id={id("status")} className={styles.input} name="status" defaultValue={f.status} data-testid="download-status-filter">
                <option value="">{t("filters.any")}</option>
                <option value="enabled">{t("status.enabled")}</option>
                <option value="disabled">{t("status.disabled")}</option>
              </select>
            </label>
          )}
          <label className={styles.field} htmlFor={id("size")}>
            {t("filters.size")}
            <select id={id("size")} className={styles.input} style={{ minWidth: 80 }} name="size" defaultValue={String(f.size)}>
              {SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <div className={styles.buttons}>
            <button type="submit" className={styles.buttonPrimary} data-testid="download-search">{t("filters.search")}</button>
            <Link href={`/${ROUTE}`} className={styles.button}>{t("filters.reset")}</Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <p className={styles.muted} style={{ margin: "0 0 12px" }} data-testid="download-count">
          {page.total.capped ? t("countCapped", { count: page.total.count }) : t("count", { count: page.total.count })}
        </p>
        {page.rows.length === 0 ? (
          <p className={styles.empty} data-testid="download-empty">{t(f.q || f.status ? "emptySearch" : "empty")}</p>
        ) : (
          <ul className={own.items}>
            {page.rows.map((r) => (
              <Item key={r.id} r={r} detail={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} rules={manage ? rules : null} t={t} when={(iso) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false })} size={(n) => fileSize(n, (v, d) => format.number(v, { maximumFractionDigits: d }))} />
            ))}
          </ul>
        )}
        <nav className={styles.pager} aria-label={t("pagination")}>
          {f.cursor ? <Link className={styles.button} href={href({})}>{t("latest")}</Link> : null}
          {page.prev ? <Link className={styles.button} href={href({ cursor: page.prev })} data-testid="download-newer">{t("newer")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("newer")}</span>}
          {page.next ? <Link className={styles.button} href={href({ cursor: page.next })} data-testid="download-older">{t("older")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("older")}</span>}
        </nav>
      </section>
    </div>
  );
}

type T = Awaited<ReturnType<typeof getTranslations<"Downloads">>>;
type ItemProps = { r: DownloadRow; detail: string; rules: DownloadUploadRules | null; t: T; when: (iso: string) => string; size: (n: number) => string };

function Item({ r, detail, rules, t, when, size }: ItemProps) {
  const ext = r.kind === "file" ? (/\.([a-z0-9]{1,5})$/i.exec(r.fileName ?? "")?.[1] ?? "") : "";
  return (
    <li className={own.item} data-testid="download-row" data-id={r.id} data-title={r.title} data-enabled={r.enabled} data-locked={r.locked}>
      <Link href={detail} className={own.cover} tabIndex={-1} aria-hidden="true" prefetch={false} data-kind={r.kind}>
        <span className={own.coverKind}>{r.kind === "url" ? <LinkIcon /> : <FileIcon />}{r.kind === "url" ? t("kind.link") : ext || t("kind.file")}</span>
      </Link>
      <div className={own.itemBody}>
        <h2 className={own.itemTitle}>
          <Link href={detail} prefetch={false} data-testid="download-title-link">{r.title}</Link>
          {r.locked && <span className={own.lock} title={t("lockHint")} data-testid="download-lock"><LockIcon />{t("locked")}</span>}
          {!r.enabled && <span className={styles.tag} data-testid="download-disabled">{t("status.disabled")}</span>}
        </h2>
        {r.excerpt && <p className={own.excerpt} data-testid="download-excerpt">{r.excerpt}</p>}
        {r.images.length > 0 && <DownloadGallery images={r.images} title={r.title} />}
        <p className={own.meta}>
          <span>{t("by", { name: r.creatorName })}</span>
          <span><time dateTime={r.createdAt}>{when(r.createdAt)}</time></span>
          {r.kind === "url" ? (
            <span><LinkIcon />{t("kind.url")}</span>
          ) : r.fileName ? (
            <span className={own.fileName}>{r.fileName}{r.fileSize !== null ? ` · ${size(r.fileSize)}` : ""}</span>
          ) : null}
        </p>
      </div>
      <div className={own.side}>
        <span className={own.count} data-testid="download-downloads" data-count={r.downloads}>{t.rich("downloads", { count: r.downloads, n: (chunks) => <strong>{chunks}</strong> })}</span>
        {r.enabled && <DownloadButton id={r.id} title={r.title} locked={r.locked} external={r.kind === "url"} />}
        {rules && <DownloadManageBar id={r.id} title={r.title} enabled={r.enabled} rules={rules} compact />}
      </div>
    </li>
  );
}
