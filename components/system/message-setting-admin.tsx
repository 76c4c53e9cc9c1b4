"use client";

import { Tag } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import type { MessageTemplateRow } from "@/lib/messages/template-admin";
import { deleteMessageTemplatesAction, saveMessageTemplateAction } from "@/lib/messages/template-actions";
import { eventDef, MESSAGE_CHANNELS, MESSAGE_EVENTS } from "@/lib/messages/template-events";
import type { TMessageTemplateSave } from "@/lib/messages/template-schemas";

// The drawer's hint reads the form (antd Form's hooks): it loads when the drawer opens.
const PlaceholderHint = antdDynamic(() => import("./message-setting-fields").then((m) => m.PlaceholderHint));
const WechatFieldsEditor = antdDynamic(() => import("./message-setting-fields").then((m) => m.WechatFieldsEditor));

const isWechat = (v: Record<string, unknown>) => v.channel === "WECHAT";
const notWechat = (v: Record<string, unknown>) => v.channel !== "WECHAT";
const CHANNEL_COLORS = { SMS: "blue", IN_APP: "purple", WECHAT: "green" } as const;

/** system/messageSetting — message templates per event and channel, in both languages. */
export function MessageSettingAdmin({ data }: { data: ListResult<MessageTemplateRow> }) {
  const t = useTranslations("MessageSettingAdmin");
  const zh = useLocale() === "zh-CN";
  const eventName = (event: string) => {
    const d = eventDef(event);
    return d ? (zh ? d.zh : d.en) : event;
  };
  const events = Object.keys(MESSAGE_EVENTS).map((e) => ({ value: e, label: `${eventName(e)} (${e})` }));
  const channels = MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`options.channel.${c}`) }));
  const hint = { hint: <PlaceholderHint /> };
  return (
    <AdminList<MessageTemplateRow, TMessageTemplateSave>
      labels="MessageSettingAdmin"
      resource="messageSetting"
      data={data}
      search={[
        { name: "event", type: "select", options: events, width: 300 },
        { name: "channel", type: "select", options: channels },
        { name: "enabled", type: "boolean" },
      ]}
      columns={[
        {
          key: "event",
          sortable: true,
          width: 260,
          render: (r) => (
            <>
              {eventName(r.event)}
              <br />
              <code className="dp-code dp-secondary">{r.event}</code>
            </>
          ),
        },
        { key: "channel", sortable: true, width: 140, render: (r) => <Tag color={CHANNEL_COLORS[r.channel]}>{t(`options.channel.${r.channel}`)}</Tag> },
        { key: "enabled", kind: "bool", width: 90 },
        {
          key: "title",
          width: 220,
          ellipsis: true,
          // A WECHAT template has no title: its template id in the official account names it.
          render: (r) => (r.channel === "WECHAT" ? <code className="dp-code">{r.wechatTemplateId ?? "—"}</code> : ((zh ? r.titleZh : r.titleEn) ?? "—")),
        },
        { key: "content", ellipsis: true, render: (r) => (zh ? r.contentZh : r.contentEn) },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180, defaultHidden: true },
      ]}
      scrollX={1100}
      form={{
        schema: () => import("@/lib/messages/template-schemas").then((m) => m.ZMessageTemplateSave),
        save: saveMessageTemplateAction,
        defaults: { channel: "IN_APP", enabled: true },
        toValues: (r) => ({
          id: r.id,
          event: r.event as TMessageTemplateSave["event"],
          channel: r.channel,
          titleEn: r.titleEn,
          titleZh: r.titleZh,
          contentEn: r.contentEn,
          contentZh: r.contentZh,
          enabled: r.enabled,
          wechatTemplateId: r.wechatTemplateId,
          wechatFields: r.wechatFields,
        }),
        size: 640,
        fields: {
          event: { options: events, props: { showSearch: { optionFilterProp: "label" } } },
          channel: { options: channels },
          titleEn: { ...hint, visibleWhen: notWechat },
          titleZh: { ...hint, visibleWhen: notWechat },
          contentEn: hint,
          contentZh: hint,
          wechatTemplateId: { visibleWhen: isWechat, hint: t("wechatTemplateIdHint") },
          wechatFields: { visibleWhen: isWechat, control: <WechatFieldsEditor />, hint: <PlaceholderHint wechat /> },
        },
      }}
      remove={{ action: deleteMessageTemplatesAction, name: (r) => `${eventName(r.event)} · ${t(`options.channel.${r.channel}`)}` }}
    />
  );
}
