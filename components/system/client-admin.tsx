"use client";

import { Button, Form, Space, Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { PlusOutlined } from "@ant-design/icons";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { ClientAdminData, ClientAdminRow } from "@/lib/clients/queries";
import { deleteClientAction, removeClientSecretAction, revokeClientTokensAction, setClientEnabledAction } from "@/lib/clients/actions";
import { RowActions, useConfirmedAction } from "./admin-kit";

// system/client — the REST API's OAuth clients (issue 22). The table is the client list; the
// drawer (with zod) and the dialogs (rotation, the one-time secret) load when first used.

export type ClientValues = {
  name: string;
  clientId: string | null;
  confidential: boolean;
  grants: string[];
  redirectUris: string[];
  scopes: string[];
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  rateLimitPerMinute: number;
  enabled: boolean;
  binding: "STAFF" | "DEALER" | null;
  organizationId: number | null;
  companyId: number | null;
  roleIds: number[];
};
export type ClientEditing = Partial<ClientValues> & { id?: number };

/** What the one-time secret dialog shows, or the rotation dialog asks for. */
export type ClientDialog = { kind: "rotate"; id: number; name: string } | { kind: "secret"; clientId: string; secret: string; until?: string | null };

const loadDrawer = () => import("./client-drawer").then((m) => m.ClientDrawer);
const ClientDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();
const ClientDialogs = antdDynamic(() => import("./client-dialogs").then((m) => m.ClientDialogs));

const DEFAULTS: ClientEditing = {
  confidential: true,
  grants: ["client_credentials"],
  redirectUris: [],
  scopes: [],
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 2592000,
  rateLimitPerMinute: 600,
  enabled: true,
  binding: "STAFF",
  organizationId: null,
  companyId: null,
  roleIds: [],
  clientId: null,
};

export function ClientAdmin({ data }: { data: ClientAdminData }) {
  const t = useTranslations("Clients");
  const format = useFormatter();
  const [form] = Form.useForm<ClientValues>();
  const [editing, setEditing] = useState<ClientEditing | null>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (editing && !drawerUsed) setDrawerUsed(true);
  const [dialog, setDialog] = useState<ClientDialog | null>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialog && !dialogUsed) setDialogUsed(true);
  const confirmed = useConfirmedAction();
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" });

  const open = (v: ClientEditing) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as ClientValues);
  };
  const edit = (r: ClientAdminRow) =>
    open({
      id: r.id,
      name: r.name,
      clientId: r.clientId,
      confidential: r.confidential,
      grants: r.grants,
      redirectUris: r.redirectUris,
      scopes: r.scopes,
      accessTokenSeconds: r.accessTokenSeconds,
      refreshTokenSeconds: r.refreshTokenSeconds,
      rateLimitPerMinute: r.rateLimitPerMinute,
      enabled: r.enabled,
      binding: r.binding?.kind ?? "STAFF",
      organizationId: r.binding?.organizationId ?? null,
      companyId: r.binding?.companyId ?? null,
      roleIds: r.binding?.roleIds ?? [],
    });

  const secrets = (r: ClientAdminRow) => {
    if (!r.confidential) return <span style={{ color: "var(--ant-color-text-secondary)" }}>{t("noSecret")}</span>;
    return (
      <Space orientation="vertical" size={2}>
        {r.secrets.map((s) => (
          <span key={s.id} data-testid="client-secret-hint">
            <code className="dp-code">
              {!s.expiresAt
                ? t("secretCurrent", { hint: s.hint })
                : s.expired
                  ? t("secretExpired", { hint: s.hint, until: when(s.expiresAt) })
                  : t("secretValidUntil", { hint: s.hint, until: when(s.expiresAt) })}
            </code>
            {s.expired && data.can.rotate && (
              <Button
                type="link"
                size="small"
                onClick={() => void confirmed({ title: t("removeSecret") }, removeClientSecretAction, { id: r.id, secretId: s.id }, t("secretRemoved"))}
              >
                {t("removeSecret")}
              </Button>
            )}
          </span>
        ))}
      </Space>
    );
  };

  const columns: DataColumn<ClientAdminRow>[] = [
    { title: t("columns.name"), dataIndex: "name", width: 160 },
    { title: t("columns.clientId"), dataIndex: "clientId", width: 180, render: (v) => <code className="dp-code">{String(v)}</code> },
    { title: t("columns.kind"), key: "kind", width: 100, render: (_, r) => (r.confidential ? t("confidential") : t("public")) },
    {
      title: t("columns.grants"),
      dataIndex: "grants",
      width: 200,
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.grants.map((g) => (
            <Tag key={g}>{t(`grantNames.${g as "authorization_code"}`)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t("columns.scopes"), dataIndex: "scopes", width: 200, render: (_, r) => r.scopes.join(" ") },
    {
      title: t("columns.enabled"),
      dataIndex: "enabled",
      width: 90,
      render: (v) => (v ? <Tag color="green">{t("enabled")}</Tag> : <Tag>{t("disabled")}</Tag>),
    },
    { title: t("columns.activeTokens"), dataIndex: "activeTokens", width: 100, align: "right" },
    { title: t("columns.lastUsedAt"), dataIndex: "lastUsedAt", width: 150, render: (v) => (v ? when(String(v)) : t("never")) },
    { title: t("columns.secrets"), key: "secrets", width: 240, render: (_, r) => secrets(r) },
    {
      title: t("columns.actions"),
      key: "actions",
      width: 220,
      fixedRight: true,
      render: (_, r) => (
        <RowActions
          items={[
            { key: "edit", label: t("actions.edit"), hidden: !data.can.update, onClick: () => edit(r) },
            {
              key: "rotate",
              label: t("actions.rotate"),
              hidden: !data.can.rotate || !r.confidential,
              onClick: () => setDialog({ kind: "rotate", id: r.id, name: r.name }),
            },
            r.enabled
              ? {
                  key: "disable",
                  label: t("actions.disable"),
                  danger: true,
                  hidden: !data.can.disable,
                  onClick: () =>
                    void confirmed(
                      { title: t("confirm.disable", { name: r.name }), content: t("confirm.disableHint", { count: r.activeTokens }), danger: true },
                      setClientEnabledAction,
                      { id: r.id, enabled: false },
                      t("done.disabled", { count: r.activeTokens }),
                    ),
                }
              : {
                  key: "enable",
                  label: t("actions.enable"),
                  hidden: !data.can.disable,
                  onClick: () => void confirmed({ title: t("actions.enable") }, setClientEnabledAction, { id: r.id, enabled: true }, t("done.enabled")),
                },
            {
              key: "revoke",
              label: t("actions.revoke"),
              danger: true,
              hidden: !data.can.disable || r.activeTokens === 0,
              onClick: () =>
                void confirmed(
                  { title: t("confirm.revoke", { name: r.name }), content: t("confirm.revokeHint"), danger: true },
                  revokeClientTokensAction,
                  { id: r.id },
                  t("done.revoked", { count: r.activeTokens }),
                ),
            },
            {
              key: "delete",
              label: t("actions.delete"),
              danger: true,
              hidden: !data.can.disable || r.everIssued,
              onClick: () =>
                void confirmed(
                  { title: t("confirm.delete", { name: r.name }), content: t("confirm.deleteHint"), danger: true },
                  deleteClientAction,
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
        data.can.create && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(DEFAULTS)} onPointerEnter={preloadDrawer} onFocus={preloadDrawer} data-testid="create">
            {t("createTitle")}
          </Button>
        )
      }
    >
      <DataTable<ClientAdminRow> rowKey="id" columns={columns} rows={data.clients} scrollX={1500} testId="client-table" empty={t("empty")} />
      {drawerUsed && (
        <ClientDrawer
          open={!!editing}
          editing={editing}
          form={form}
          options={{ organizations: data.organizations, companies: data.companies, roles: data.roles }}
          onClose={() => setEditing(null)}
          onSecret={(clientId, secret) => setDialog({ kind: "secret", clientId, secret })}
        />
      )}
      {dialogUsed && <ClientDialogs dialog={dialog} onChange={setDialog} clientIdOf={(id) => data.clients.find((c) => c.id === id)?.clientId ?? ""} />}
    </PageContainer>
  );
}
