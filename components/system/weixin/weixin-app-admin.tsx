"use client";

import { Button, Form, Tag } from "antd";
import "@/components/providers/antd-css";
import { PlusOutlined } from "@ant-design/icons";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { RowActions, useConfirmedAction } from "@/components/system/admin-kit";
import { PageContainer } from "@/components/ui/page-container";
import type { WeixinAdminData, WeixinAppRow } from "@/lib/wechat/admin";
import { deleteWeixinAppAction } from "@/lib/wechat/admin-actions";
import type { WeixinAppTypeValue } from "@/lib/wechat/admin-options";
import styles from "./weixin.module.css";

// system/weixinApp ?tab=apps: the WeChat official accounts and mini programs. The table is the
// app list; the drawer (with zod) loads when first opened. Secrets arrive only as "set".

export type WeixinAppValues = {
  name: string;
  type: WeixinAppTypeValue;
  appId: string;
  appSecret: string;
  encodingAesKey: string;
  token: string;
  enabled: boolean;
};
/** The drawer's record: the values, and which secrets are already stored. */
export type WeixinAppEditing = Partial<WeixinAppValues> & { id?: number; stored?: { appSecret: boolean; encodingAesKey: boolean; token: boolean } };

const loadDrawer = () => import("./weixin-app-drawer").then((m) => m.WeixinAppDrawer);
const WeixinAppDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();

const DEFAULTS: WeixinAppEditing = { type: "OFFICIAL_ACCOUNT", enabled: false, appSecret: "", encodingAesKey: "", token: "" };

export function WeixinAppAdmin({ data, tabs }: { data: WeixinAdminData; tabs: ReactNode }) {
  const t = useTranslations("WeixinApp");
  const format = useFormatter();
  const [form] = Form.useForm<WeixinAppValues>();
  const [editing, setEditing] = useState<WeixinAppEditing | null>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (editing && !drawerUsed) setDrawerUsed(true);
  const confirmed = useConfirmedAction();

  const open = (v: WeixinAppEditing) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as WeixinAppValues);
  };
  const edit = (r: WeixinAppRow) =>
    open({
      id: r.id,
      name: r.name,
      type: r.type,
      appId: r.appId,
      appSecret: "",
      encodingAesKey: "",
      token: "",
      enabled: r.enabled,
      stored: { appSecret: r.hasSecret, encodingAesKey: r.hasAesKey, token: r.hasToken },
    });
  const isSet = (v: boolean) => (v ? <Tag color="green">{t("secretSet")}</Tag> : <Tag>{t("secretNotSet")}</Tag>);

  const columns: DataColumn<WeixinAppRow>[] = [
    { title: t("fields.name"), dataIndex: "name", width: 180 },
    { title: t("fields.type"), dataIndex: "type", width: 140, render: (_, r) => t(`types.${r.type}`) },
    { title: t("fields.appId"), dataIndex: "appId", width: 190, render: (v) => <code className="dp-code">{String(v)}</code> },
    { title: t("fields.appSecret"), key: "secret", width: 100, render: (_, r) => isSet(r.hasSecret) },
    { title: t("fields.encodingAesKey"), key: "aes", width: 130, render: (_, r) => isSet(r.hasAesKey) },
    { title: t("fields.token"), key: "token", width: 100, render: (_, r) => isSet(r.hasToken) },
    {
      title: t("fields.enabled"),
      dataIndex: "enabled",
      width: 100,
      render: (_, r) => (r.enabled ? <Tag color="green">{t("enabled")}</Tag> : <Tag>{t("disabled")}</Tag>),
    },
    { title: t("columns.bindings"), dataIndex: "bindings", width: 100, align: "right" },
    {
      title: t("columns.updatedAt"),
      dataIndex: "updatedAt",
      width: 160,
      render: (v) => format.dateTime(new Date(String(v)), { dateStyle: "short", timeStyle: "short" }),
    },
    {
      title: t("columns.actions"),
      key: "actions",
      width: 160,
      fixedRight: true,
      render: (_, r) => (
        <RowActions
          items={[
            { key: "edit", label: t("actions.edit"), hidden: !data.can.manage, onClick: () => edit(r) },
            {
              key: "delete",
              label: t("actions.delete"),
              danger: true,
              hidden: !data.can.manage,
              onClick: () =>
                void confirmed(
                  {
                    title: t("confirm.delete", { name: r.name }),
                    content: r.bindings > 0 ? t("confirm.deleteBound", { count: r.bindings }) : t("confirm.deleteHint"),
                    danger: true,
                  },
                  deleteWeixinAppAction,
                  { id: r.id },
                  t("done.deleted"),
                ),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <PageContainer
      title={t("title")}
      description={t("description")}
      extra={
        data.can.manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(DEFAULTS)} onPointerEnter={preloadDrawer} onFocus={preloadDrawer} data-testid="create">
            {t("createTitle")}
          </Button>
        )
      }
    >
      {tabs}
      <div className={styles.callback} data-testid="weixin-callback">
        <strong>{t("callback.title")}</strong>
        <p style={{ margin: "4px 0" }}>{t("callback.hint", { domain: data.callbackDomain })}</p>
        <code className="dp-code" data-testid="weixin-callback-url">
          {data.callbackUrl}
        </code>
      </div>
      <DataTable<WeixinAppRow> rowKey="id" columns={columns} rows={data.apps} scrollX={1300} testId="weixin-app-table" empty={t("empty")} />
      {drawerUsed && <WeixinAppDrawer open={!!editing} editing={editing} form={form} onClose={() => setEditing(null)} />}
    </PageContainer>
  );
}
