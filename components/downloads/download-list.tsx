import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { downloadQuery, type DownloadPage, type DownloadRow } from "@/lib/downloads/queries";
import type { DownloadUploadRules } from "@/lib/downloads/loader";
import { DownloadButton } from "./download-button";
import { DownloadGallery } from "./download-gallery";
import { DownloadCreateButton, DownloadManageBar } from "./download-manage";
import { FileIcon, LinkIcon, LockIcon } from "./icons";
import { fileSize } from "./file-size";
import { FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import { SelectAll, SelectionScope, SelectRow } from "@/components/list/selection";
import { PrintLabelsButton } from "@/components/qrcode/print-labels-button";
import sel from "@/components/qrcode/select.module.css";
import styles from "@/components/ui/record-screen.module.css";
import own from "./downloads.module.css";

// The download centre as server-rendered HTML: a GET search form of native inputs, the items as
// cards (title, excerpt, pictures, who and when, downloads, a lock when a code is needed) with a
// Download button each, keyset "newer / older" links. Enabled items have a checkbox: "Print labels"
// opens the selected items' QR labels (labels/print). Managing staff also see switched-off
// items, a status filter, "New item" and each item's edit / on-off / delete buttons.

const ROUTE = "download/downloadCenters";
const SIZES = [10, 20, 50];

type Props = { page: DownloadPage; rules: DownloadUploadRules | null };

export async function DownloadList({ page, rules }: Props) {
  const [t, tl, format] = await Promise.all([getTranslations("Downloads"), getTranslations("QrLabels"), getFormatter()]);
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${downloadQuery(f, extra)}`;
  const id = (name: string) => `downloads-${name}`;
  const manage = page.manage && rules;

  const printable = page.rows.filter((r) => r.enabled).map((r) => r.id);
  const screen = (
    <div className={styles.screen} data-testid="download-list">
      <ListHeader title={t("title")} intro={t(manage ? "staffIntro" : "intro")}>
        <div className={sel.tools}>
          {printable.length > 0 && (
            <label className={sel.pick}>
              <SelectAll label={tl("selectAll")} />
              {tl("selectAll")}
            </label>
          )}
          <PrintLabelsButton purpose="DOWNLOAD" label={tl("button")} countLabel={tl("buttonCount", { count: "#" })} hint={tl("selectHint")} />
          {manage && <DownloadCreateButton rules={rules} />}
        </div>
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="download" t={t}>
        <TextFilter
          id={id("q")}
          label={t("filters.keyword")}
          type="search"
          name="q"
          value={f.q}
          maxLength={100}
          placeholder={t("filters.keywordPlaceholder")}
          inputClass={own.keyword}
          testId="download-keyword"
        />
        {page.manage && (
          <SelectFilter
            id={id("status")}
            label={t("filters.status")}
            name="status"
            value={f.status}
            any={t("filters.any")}
            options={[
              { value: "enabled", label: t("status.enabled") },
              { value: "disabled", label: t("status.disabled") },
            ]}
            testId="download-status-filter"
          />
        )}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults id="download" t={t} page={page} href={href} empty={t(f.q || f.status ? "emptySearch" : "empty")}>
        <ul className={own.items}>
          {page.rows.map((r) => (
            <Item
              key={r.id}
              r={r}
              detail={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })}
              rules={manage ? rules : null}
              t={t}
              when={(iso) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })}
              size={(n) => fileSize(n, (v, d) => format.number(v, { maximumFractionDigits: d }))}
              selectLabel={tl("selectRow", { name: r.title })}
            />
          ))}
        </ul>
      </ListResults>
    </div>
  );
  return <SelectionScope ids={printable}>{screen}</SelectionScope>;
}

type T = Awaited<ReturnType<typeof getTranslations<"Downloads">>>;
type ItemProps = { r: DownloadRow; detail: string; rules: DownloadUploadRules | null; t: T; when: (iso: string) => string; size: (n: number) => string; selectLabel: string };

function Item({ r, detail, rules, t, when, size, selectLabel }: ItemProps) {
  const ext = r.kind === "file" ? (/\.([a-z0-9]{1,5})$/i.exec(r.fileName ?? "")?.[1] ?? "") : "";
  return (
    <li className={own.item} data-testid="download-row" data-id={r.id} data-title={r.title} data-enabled={r.enabled} data-locked={r.locked}>
      <Link href={detail} className={own.cover} tabIndex={-1} aria-hidden="true" prefetch={false} data-kind={r.kind}>
        <span className={own.coverKind}>
          {r.kind === "url" ? <LinkIcon /> : <FileIcon />}
          {r.kind === "url" ? t("kind.link") : ext || t("kind.file")}
        </span>
      </Link>
      <div className={own.itemBody}>
        <h2 className={own.itemTitle}>
          <Link href={detail} prefetch={false} data-testid="download-title-link">
            {r.title}
          </Link>
          {r.locked && (
            <span className={own.lock} title={t("lockHint")} data-testid="download-lock">
              <LockIcon />
              {t("locked")}
            </span>
          )}
          {!r.enabled && (
            <span className={styles.tag} data-testid="download-disabled">
              {t("status.disabled")}
            </span>
          )}
        </h2>
        {r.excerpt && (
          <p className={own.excerpt} data-testid="download-excerpt">
            {r.excerpt}
          </p>
        )}
        {r.images.length > 0 && <DownloadGallery images={r.images} title={r.title} />}
        <p className={own.meta}>
          <span>{t("by", { name: r.creatorName })}</span>
          <span>
            <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
          </span>
          {r.kind === "url" ? (
            <span>
              <LinkIcon />
              {t("kind.url")}
            </span>
          ) : r.fileName ? (
            <span className={own.fileName}>
              {r.fileName}
              {r.fileSize !== null ? ` · ${size(r.fileSize)}` : ""}
            </span>
          ) : null}
        </p>
      </div>
      <div className={own.side}>
        {r.enabled && <SelectRow id={r.id} label={selectLabel} />}
        <span className={own.count} data-testid="download-downloads" data-count={r.downloads}>
          {t.rich("downloads", { count: r.downloads, n: (chunks) => <strong>{chunks}</strong> })}
        </span>
        {r.enabled && <DownloadButton id={r.id} title={r.title} locked={r.locked} external={r.kind === "url"} />}
        {rules && <DownloadManageBar id={r.id} title={r.title} enabled={r.enabled} rules={rules} compact />}
      </div>
    </li>
  );
}
