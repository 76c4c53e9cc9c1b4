"use client";

import { Form, Input, Radio, Switch, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useFormAction } from "@/components/system/admin-kit";
import { FormDrawerPanel } from "@/components/system/form-drawer";
import { saveWeixinAppAction } from "@/lib/wechat/admin-actions";
import { WEIXIN_APP_TYPES, ZWeixinAppSave } from "@/lib/wechat/admin-schemas";
import type { WeixinAppEditing, WeixinAppValues as Values } from "./weixin-app-admin";

// The app drawer with its schema, loaded when it first opens (weixin-app-admin.tsx). The three
// secrets are write-only: blank keeps what is stored, which the field says ("set").

export function WeixinAppDrawer({ open, editing, form, onClose }: { open: boolean; editing: WeixinAppEditing | null; form: FormInstance<Values>; onClose: () => void }) {
  const t = useTranslations("WeixinApp");
  const submit = useFormAction("WeixinApp.fields");
  const stored = editing?.stored;
  const keep = (set: boolean | undefined) => (set ? t("hints.keep") : undefined);

  const save = async (v: Values) => !!(await submit(form, ZWeixinAppSave, saveWeixinAppAction, { ...v, id: editing?.id }, t("done.saved")));

  return (
    <FormDrawerPanel<Values>
      title={editing?.id ? t("editTitle") : t("createTitle")}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={save}
      size={560}
      testId="weixin-app-drawer"
    >
      <Form.Item name="name" label={t("fields.name")} required>
        <Input maxLength={100} data-testid="weixin-name" />
      </Form.Item>
      <Form.Item name="type" label={t("fields.type")} extra={t("hints.type")} required>
        <Radio.Group options={WEIXIN_APP_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} data-testid="weixin-type" />
      </Form.Item>
      <Form.Item name="appId" label={t("fields.appId")} extra={t("hints.appId")} required>
        <Input maxLength={18} spellCheck={false} autoComplete="off" data-testid="weixin-app-id" />
      </Form.Item>
      <Form.Item name="appSecret" label={t("fields.appSecret")} extra={keep(stored?.appSecret) ?? t("hints.appSecret")} required={!editing?.id}>
        <Input.Password maxLength={64} autoComplete="new-password" placeholder={stored?.appSecret ? t("secretSet") : undefined} data-testid="weixin-app-secret" />
      </Form.Item>
      <Form.Item name="encodingAesKey" label={t("fields.encodingAesKey")} extra={keep(stored?.encodingAesKey) ?? t("hints.encodingAesKey")}>
        <Input.Password maxLength={43} autoComplete="new-password" placeholder={stored?.encodingAesKey ? t("secretSet") : undefined} data-testid="weixin-aes-key" />
      </Form.Item>
      <Form.Item name="token" label={t("fields.token")} extra={keep(stored?.token) ?? t("hints.token")}>
        <Input.Password maxLength={32} autoComplete="new-password" placeholder={stored?.token ? t("secretSet") : undefined} data-testid="weixin-token" />
      </Form.Item>
      <Form.Item name="enabled" label={t("fields.enabled")} extra={t("hints.enabled")} valuePropName="checked">
        <Switch data-testid="weixin-enabled" />
      </Form.Item>
    </FormDrawerPanel>
  );
}
