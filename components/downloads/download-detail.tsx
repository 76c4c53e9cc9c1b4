import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { downloadQuery, parseDownloadFilters, type DownloadDetail } from "@/lib/downloads/queries";
import type { DownloadUploadRules } from "@/lib/downloads/loader";
import { DownloadButton } from "./download-button";
import { DownloadGallery } from "./download-gallery";
import { DownloadManageBar } from "./download-manage";
import { fileSize } from "./file-size";
import { LinkIcon, LockIcon } from "./icons";
import styles from "@/components/ui/record-screen.module.css";
import own from "./downloads.module.css";

// One item at ?id=: its facts, the content (rich text sanitized when it was saved, so it is
// rendered as HTML here), the pictures (previewed large) and the Download button; managing staff
// also get edit / on-off / delete. Server-rendered; the buttons and the gallery are the islands.

type Fact = [string, ReactNode, string?];

function Facts({ list }: { list: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {list.map(([label, value, key]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={key ? `detail-${key}` : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Props = { item: DownloadDetail; params: URLSearchParams; rules: DownloadUploadRules | null };

export async function DownloadDetailView({ item, params, rules }: Props) {
  const [t, format] = await Promise.all([getTranslations("Downloads"), getFormatter()]);
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const back = `/download/downloadCenters${downloadQuery(parseDownloadFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const source =
    item.kind === "url" ? (
      <span style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        <LinkIcon />
        {item.host ? t("detail.host", { host: item.host }) : t("kind.url")}
      </span>
    ) : item.fileName ? (
      `${item.fileName}${item.fileSize !== null ? ` · ${fileSize(item.fileSize, (v, d) => format.number(v, { maximumFractionDigits: d }))}` : ""}`
    ) : (
      "—"
    );
  const facts: Fact[] = [
    [t(item.kind === "url" ? "detail.link" : "detail.file"), source, "source"],
    [t("fields.creatorName"), item.creatorName, "creator"],
    [
      t("fields.createdAt"),
      <time key="c" dateTime={item.createdAt}>
        {when(item.createdAt)}
      </time>,
      "createdAt",
    ],
    [
      t("fields.downloads"),
      <span key="d" data-count={item.downloads}>
        {format.number(item.downloads)}
      </span>,
      "downloads",
    ],
    [t("fields.verifyCode"), item.locked ? t("detail.codeNeeded") : t("detail.noCode"), "locked"],
    ...(rules ? [[t("filters.status"), item.enabled ? t("status.enabled") : t("status.disabled"), "enabled"] as Fact] : []),
  ];

  return (
    <div className={styles.screen} data-testid="download-detail" data-id={item.id} data-title={item.title}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="download-back">
            {t("detail.back")}
          </Link>
        </p>
        <div className={own.detailHead}>
          <div style={{ minWidth: 0 }}>
            <h1 className={`${styles.title} ${own.itemTitle}`} style={{ fontSize: 22 }} data-testid="page-title">
              {item.title}
              {item.locked && (
                <span className={own.lock} title={t("lockHint")} data-testid="download-lock">
                  <LockIcon />
                  {t("locked")}
                </span>
              )}
              {!item.enabled && (
                <span className={styles.tag} data-testid="download-disabled">
                  {t("status.disabled")}
                </span>
              )}
            </h1>
            <p className={styles.intro}>{t(item.locked ? "detail.introLocked" : "detail.intro")}</p>
          </div>
          <div className={own.detailActions}>
            {item.enabled && <DownloadButton id={item.id} title={item.title} locked={item.locked} external={item.kind === "url"} />}
            {rules && <DownloadManageBar id={item.id} title={item.title} enabled={item.enabled} rules={rules} afterDelete="/download/downloadCenters" />}
          </div>
        </div>
      </section>

      <div className={styles.grid2}>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("detail.content")}</h2>
          {item.content ? (
            // Sanitized on save (lib/rich-text/sanitize.ts): only the allow-listed tags and attributes are stored.
            <div className={own.prose} dangerouslySetInnerHTML={{ __html: item.content }} data-testid="download-content" />
          ) : (
            <p className={styles.muted} style={{ margin: 0 }}>
              {t("detail.noContent")}
            </p>
          )}
        </section>
        <div className={styles.screen}>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.facts")}</h2>
            <Facts list={facts} />
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.images")}</h2>
            {item.images.length ? (
              <DownloadGallery images={item.images} title={item.title} large />
            ) : (
              <p className={styles.muted} style={{ margin: 0 }}>
                {t("detail.noImages")}
              </p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
