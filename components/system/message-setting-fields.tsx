"use client";

import { Form } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { eventDef } from "@/lib/messages/template-events";

// system/messageSetting's drawer parts, loaded when the drawer opens (message-setting-admin.tsx).

/** Under a text: the placeholders the chosen event offers. */
export function PlaceholderHint() {
  const t = useTranslations("MessageSettingAdmin");
  const form = Form.useFormInstance();
  const event = Form.useWatch("event", form) as string | undefined;
  const def = event ? eventDef(event) : null;
  return def ? <>{t("placeholders", { list: def.placeholders.map((p) => `{${p}}`).join(" ") || "—" })}</> : null;
}
