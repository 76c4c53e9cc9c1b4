import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { complaintQuery, parseComplaintFilters, type ComplaintView } from "@/lib/after-sales/complaints/queries";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { ComplaintActionBar } from "./complaint-action-bar";
import { ComplaintGallery } from "./complaint-gallery";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";
import own from "./complaints.module.css";

// A complaint's detail on the list's route (?id=): the facts, the images (preview large) and
// the video (plays in the page), the conversation — the question description as the dealer's
// first message, then staff replies and dealer notes in order — and the status history, all
// rendered on the server; the action bar and the image preview are the only client islands.

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

type Dicts = { complaint_status: DictItemView[]; complaint_category: DictItemView[] };
type Props = { c: ComplaintView; locale: Locale; dicts: Dicts; params: URLSearchParams; dealer: boolean };

export async function ComplaintDetailView({ c, locale, dicts, params, dealer }: Props) {
  const [t, format] = await Promise.all([getTranslations("Complaints"), getFormatter()]);
  const zh = locale === "zh-CN";
  const when = (d: Date | string) => format.dateTime(new Date(d), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const back = `/afterSale/complaint${complaintQuery(parseComplaintFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const ownSide = dealer ? "DEALER" : "STAFF";

  const facts: Fact[] = [
    [t("fields.complaintNo"), c.complaintNo, "complaintNo"],
    [t("fields.status"), <StatusBadge key="s" items={dicts.complaint_status} value={c.status} locale={locale} testId="detail-status" />],
    [
      t("fields.vin"),
      c.vin ? (
        c.vinLink ? (
          <Link key="v" className={`${styles.link} ${own.mono}`} href={`/car/vehicleInformation?vin=${c.vin}`} prefetch={false} data-testid="detail-vin-link">
            {c.vin}
          </Link>
        ) : (
          <span key="v" className={own.mono}>
            {c.vin}
          </span>
        )
      ) : (
        "—"
      ),
      "vin",
    ],
    [t("fields.category"), c.category ? itemLabel(dicts.complaint_category, c.category, locale) : "—", "category"],
    [t("fields.company"), `${zh ? c.company.nameZh : c.company.nameEn} (${c.company.code})`, "company"],
    [t("fields.creator"), c.creator.name, "creator"],
    [t("fields.handler"), c.handler?.name ?? "—", "handler"],
    [t("fields.createdAt"), when(c.createdAt), "createdAt"],
    [t("fields.updatedAt"), when(c.updatedAt)],
    ...(c.closedAt ? [[t("fields.closedAt"), when(c.closedAt), "closedAt"] as Fact] : []),
  ];
  const sideLabel = (side: string) => t(side === "STAFF" ? "detail.staffSide" : "detail.dealerSide");

  return (
    <div className={styles.screen} data-testid="complaint-detail" data-complaint-no={c.complaintNo} data-status={c.status}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="complaint-back">
            {t("detail.back")}
          </Link>
        </p>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t("detail.title", { complaintNo: c.complaintNo })}
            </h1>
            <p className={styles.intro}>
              <StatusBadge items={dicts.complaint_status} value={c.status} locale={locale} /> <span className={styles.muted}>{t(`detail.hint.${c.status}`)}</span>
            </p>
          </div>
          <ComplaintActionBar id={c.id} complaintNo={c.complaintNo} moves={c.moves} />
        </div>
      </section>

      <div className={styles.grid2}>
        <div className={styles.screen}>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.basics")}</h2>
            <Facts list={facts} />
            {c.appealNote && (
              <div className={own.advice} data-testid="detail-appeal-note">
                <h3>{t("detail.latestAdvice")}</h3>
                <p>{c.appealNote}</p>
              </div>
            )}
          </section>

          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.media")}</h2>
            {c.qesImg.length === 0 && c.qesVideo.length === 0 ? (
              <p className={styles.muted} style={{ margin: 0 }} data-testid="complaint-no-media">
                {t("detail.noMedia")}
              </p>
            ) : (
              <div className={own.media}>
                {c.qesImg.length > 0 && (
                  <div>
                    <p className={own.mediaLabel}>
                      {t("fields.qesImg")} ({c.qesImg.length})
                    </p>
                    <ComplaintGallery images={c.qesImg.map(({ id, name, url, thumbUrl }) => ({ id, name, url, thumbUrl }))} />
                  </div>
                )}
                {c.qesVideo.map((v) => (
                  <div key={v.id}>
                    <p className={own.mediaLabel}>
                      {t("fields.qesVideo")} · {v.name}
                    </p>
                    <video className={own.video} src={v.url} controls preload="metadata" playsInline aria-label={v.name} data-testid="complaint-video">
                      <a href={v.url}>{v.name}</a>
                    </video>
                  </div>
                ))}
              </div>
            )}
          </section>

          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.conversation")}</h2>
            <ol className={own.conversation} data-testid="complaint-conversation">
              <li className={own.message} data-side="DEALER" data-own={ownSide === "DEALER"} data-testid="complaint-message">
                <p className={own.meta}>
                  <span className={own.side}>{sideLabel("DEALER")}</span>
                  <span>{c.creator.name}</span>
                  <span>{when(c.createdAt)}</span>
                </p>
                <p className={own.bubble}>
                  <span data-testid="complaint-message-body">{c.description}</span>
                  {c.questionNote && (
                    <span className={own.bubbleNote} data-testid="complaint-question-note">
                      {t("fields.questionNote")}: {c.questionNote}
                    </span>
                  )}
                </p>
              </li>
              {c.messages.map((m) => (
                <li key={m.id} className={own.message} data-side={m.side} data-own={m.side === ownSide} data-testid="complaint-message">
                  <p className={own.meta}>
                    <span className={own.side}>{sideLabel(m.side)}</span>
                    <span>{m.author.name}</span>
                    <span>{when(m.createdAt)}</span>
                  </p>
                  <p className={own.bubble}>
                    <span data-testid="complaint-message-body">{m.body}</span>
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("detail.history")}</h2>
          {c.history.length === 0 ? (
            <p className={styles.muted}>{t("detail.noHistory")}</p>
          ) : (
            <ol className={styles.timeline} data-testid="complaint-history">
              {c.history.map((e) => (
                <li key={e.id} className={styles.step} data-status={e.toStatus}>
                  <div className={styles.stepHead}>
                    <StatusBadge items={dicts.complaint_status} value={e.toStatus} locale={locale} />
                    <span className={styles.muted}>{when(e.createdAt)}</span>
                    {e.user ? <span className={styles.muted}>{t("detail.by", { user: e.user.name })}</span> : null}
                  </div>
                  {e.note ? <p className={styles.stepNote}>{e.note}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
