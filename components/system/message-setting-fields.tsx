"use client";

import { Button, Form, Input } from "antd";
import "@/components/providers/antd-css";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslations } from "next-intl";
import { eventDef, WECHAT_FIELDS_MAX, WECHAT_TEXT_MAX, type WechatFieldPair } from "@/lib/messages/template-events";

// system/messageSetting's drawer parts, loaded when the drawer opens (message-setting-admin.tsx).

/** Under a text: the placeholders the chosen event offers (for WeChat: also what a field is). */
export function PlaceholderHint({ wechat = false }: { wechat?: boolean }) {
  const t = useTranslations("MessageSettingAdmin");
  const form = Form.useFormInstance();
  const event = Form.useWatch("event", form) as string | undefined;
  const channel = Form.useWatch("channel", form) as string | undefined;
  const def = event ? eventDef(event) : null;
  const list = def ? t("placeholders", { list: def.placeholders.map((p) => `{${p}}`).join(" ") || "—" }) : null;
  if (wechat) return <>{[t("wechatFieldsHint"), list].filter(Boolean).join(" ")}</>;
  if (channel === "WECHAT") return <>{[t("wechatContentHint"), list].filter(Boolean).join(" ")}</>;
  return list ? <>{list}</> : null;
}

/** The WeChat template's fields: an editable list of keyword → text (bound by its Form.Item). */
export function WechatFieldsEditor({ value, onChange }: { value?: WechatFieldPair[] | null; onChange?: (v: WechatFieldPair[]) => void }) {
  const t = useTranslations("MessageSettingAdmin");
  const rows = value ?? [];
  const set = (i: number, patch: Partial<WechatFieldPair>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div data-testid="wechat-fields">
      {rows.map((r, i) => (
        <div key={i} style={{ display: "flex", gap: 8, marginBottom: 8 }} data-testid="wechat-field-row">
          <Input
            value={r.keyword}
            onChange={(e) => set(i, { keyword: e.target.value })}
            placeholder="thing1"
            maxLength={32}
            style={{ width: 170 }}
            spellCheck={false}
            aria-label={t("wechatKeyword", { n: i + 1 })}
            data-testid="wechat-field-keyword"
          />
          <Input
            value={r.text}
            onChange={(e) => set(i, { text: e.target.value })}
            placeholder="{orderNo}"
            maxLength={WECHAT_TEXT_MAX}
            aria-label={t("wechatText", { n: i + 1 })}
            data-testid="wechat-field-text"
          />
          <Button icon={<DeleteOutlined />} aria-label={t("wechatRemove", { n: i + 1 })} onClick={() => onChange?.(rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button icon={<PlusOutlined />} disabled={rows.length >= WECHAT_FIELDS_MAX} onClick={() => onChange?.([...rows, { keyword: "", text: "" }])} data-testid="wechat-field-add">
        {t("wechatAdd")}
      </Button>
    </div>
  );
}
