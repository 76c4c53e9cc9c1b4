import type { ReactNode } from "react";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import { SelectAll, SelectionScope, SelectRow } from "@/components/list/selection";
import styles from "@/components/ui/record-screen.module.css";
import { WECHAT_SIZES, wechatMessageQuery, type WechatMessagePage } from "@/lib/wechat/admin";
import { WECHAT_MESSAGE_STATUSES } from "@/lib/wechat/admin-options";
import { eventDef, MESSAGE_EVENTS } from "@/lib/messages/template-events";
import { WechatRetryButton, WechatRetrySelected } from "./wechat-retry";
import own from "./weixin.module.css";

// system/weixinApp ?tab=messages: the WeChat outbox on the list kit, server HTML; only the
// selection checkboxes and the Retry buttons are islands (wechat-retry.tsx).

const ROUTE = "system/weixinApp";
const COLORS = { PENDING: "blue", SENT: "green", FAILED: "red" } as const;

export async function WechatMessageList({ page, tabs }: { page: WechatMessagePage; tabs: ReactNode }) {
  const [t, format, locale] = await Promise.all([getTranslations("WeixinApp"), getFormatter(), getLocale()]);
  const zh = locale === "zh-CN";
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${wechatMessageQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "medium" });
  const eventName = (e: string) => {
    const d = eventDef(e);
    return d ? (zh ? d.zh : d.en) : e;
  };
  const dealerEvents = Object.entries(MESSAGE_EVENTS)
    .filter(([, d]) => (d.channels as readonly string[]).includes("WECHAT"))
    .map(([e]) => ({ value: e, label: eventName(e) }));
  const senderName = (s: string | null) => (s === "outbox" || s === "wechat" ? t(`senders.${s}`) : (s ?? "—"));
  const retry = page.can.retry;
  const failedIds = page.rows.filter((r) => r.status === "FAILED").map((r) => r.id);

  const list = (
    <>
      <FilterForm action={`/${ROUTE}`} id="wechat" t={t} formKey={wechatMessageQuery(f)}>
        <input type="hidden" name="tab" value="messages" />
        <SelectFilter
          id="wechat-status"
          label={t("messages.status")}
          name="status"
          value={f.status}
          any={t("messages.any")}
          options={WECHAT_MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          testId="wechat-status"
        />
        <SelectFilter id="wechat-event" label={t("messages.event")} name="event" value={f.event} any={t("messages.any")} options={dealerEvents} testId="wechat-event" />
        <TextFilter id="wechat-user" label={t("messages.user")} name="user" value={f.user} maxLength={50} placeholder={t("messages.userPlaceholder")} testId="wechat-user" />
        <SizeFilter id="wechat-size" label={t("messages.size")} value={f.size} sizes={WECHAT_SIZES} />
      </FilterForm>
      {retry && failedIds.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          <WechatRetrySelected />
        </div>
      )}
      <ListResults
        id="wechat"
        t={t}
        page={page}
        empty={t("messages.empty")}
        href={href}
        head={
          <>
            {retry && (
              <th>
                <SelectAll label={t("messages.selectAll")} />
              </th>
            )}
            <th>{t("messages.time")}</th>
            <th>{t("messages.user")}</th>
            <th className="dp-wide">{t("messages.openId")}</th>
            <th className="dp-wide">{t("messages.event")}</th>
            <th className="dp-wide">{t("messages.template")}</th>
            <th>{t("messages.status")}</th>
            <th className="dp-wide">{t("messages.sender")}</th>
            <th className="dp-wide">{t("messages.attempts")}</th>
            <th className="dp-wide">{t("messages.nextAttempt")}</th>
            <th className="dp-wide">{t("messages.lastError")}</th>
            {retry && <th>{t("messages.actions")}</th>}
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-row-key={r.id} data-status={r.status}>
            {retry && <td>{r.status === "FAILED" && <SelectRow id={r.id} label={t("messages.selectRow", { id: r.id })} />}</td>}
            <td className={styles.nowrap}>{when(r.createdAt)}</td>
            <td>
              {r.user.name}
              <div className={styles.muted}>{r.user.account}</div>
            </td>
            <td className="dp-wide">
              <code className="dp-code">{r.openId}</code>
            </td>
            <td className="dp-wide">
              {eventName(r.event)}
              <div>
                <code className="dp-code dp-secondary">{r.event}</code>
              </div>
            </td>
            <td className="dp-wide">
              <code className="dp-code">{r.templateId}</code>
            </td>
            <td>
              <span className={styles.tag} data-color={COLORS[r.status]} data-testid="wechat-status-tag">
                {t(`statuses.${r.status}`)}
              </span>
            </td>
            <td className="dp-wide">{senderName(r.sender)}</td>
            <td className="dp-wide">{r.attempts}</td>
            <td className={`dp-wide ${styles.nowrap}`}>{r.nextAttemptAt ? when(r.nextAttemptAt) : "—"}</td>
            <td className="dp-wide">{r.lastError ? <span className={own.error}>{r.lastError}</span> : "—"}</td>
            {retry && <td>{r.status === "FAILED" && <WechatRetryButton id={r.id} />}</td>}
          </tr>
        ))}
      </ListResults>
    </>
  );

  return (
    <div className={styles.screen} data-testid="wechat-messages">
      <ListHeader title={t("title")} intro={t("description")} below={tabs} />
      {retry ? <SelectionScope ids={failedIds}>{list}</SelectionScope> : list}
    </div>
  );
}
