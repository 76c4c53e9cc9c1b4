"use client";

import { Form, Input, InputNumber, Radio, Select, Switch, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/feedback";
import { saveClientAction } from "@/lib/clients/actions";
import { BINDINGS, clientRuleIssues, GRANTS, LIMITS, ZClientSave } from "@/lib/clients/schemas";
import { SCOPE_AREAS } from "@/lib/oauth/scopes";
import { useFormAction } from "./admin-kit";
import type { ClientEditing, ClientValues as Values } from "./client-admin";
import { FormDrawerPanel } from "./form-drawer";

// The client drawer with its schema, loaded when it first opens (client-admin.tsx). Each field
// says what it is for; the rules between fields (lib/clients/schemas.ts clientRuleIssues) are
// checked here too, so most refusals land on the field before anything is sent.

type Named = { id: number; code: string; nameEn: string; nameZh: string };
type Options = { organizations: Named[]; companies: Named[]; roles: Named[] };

export function ClientDrawer({
  open,
  editing,
  form,
  options,
  onClose,
  onSecret,
}: {
  open: boolean;
  editing: ClientEditing | null;
  form: FormInstance<Values>;
  options: Options;
  onClose: () => void;
  onSecret: (clientId: string, secret: string) => void;
}) {
  const t = useTranslations("Clients");
  const zh = useLocale() === "zh-CN";
  const submit = useFormAction("Clients.fields");
  const confidential = Form.useWatch("confidential", form);
  const grants = (Form.useWatch("grants", form) ?? []) as string[];
  const binding = Form.useWatch("binding", form);
  const credentials = grants.includes("client_credentials");
  const label = (n: Named) => `${zh ? n.nameZh : n.nameEn} (${n.code})`;
  const named = (rows: Named[]) => rows.map((n) => ({ value: n.id, label: label(n) }));
  const scopeOptions = SCOPE_AREAS.map((area) => ({
    label: `${t(`scopeAreas.${area}.name`)} — ${t(`scopeAreas.${area}.description`)}`,
    options: (["read", "write"] as const).map((level) => ({
      value: `${area}:${level}`,
      label: t("scopeLabel", { area: t(`scopeAreas.${area}.name`), level: t(`levels.${level}`) }),
    })),
  }));

  const save = async (v: Values) => {
    const input = { ...v, id: editing?.id };
    const issues = clientRuleIssues(input);
    if (issues.length) {
      const tr = t as unknown as (k: string, vals?: Record<string, string | number>) => string;
      const byField = new Map<string, string>();
      for (const i of issues) if (!byField.has(i.field)) byField.set(i.field, tr(i.key.replace(/^Clients\./, ""), i.values));
      form.setFields([...byField].map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      toast("error", [...byField.values()][0]);
      return false;
    }
    const out = await submit(form, ZClientSave, saveClientAction, input, t("done.saved"));
    if (!out) return false;
    if (out.revokedTokens > 0) toast("info", t("done.savedRevoked", { count: out.revokedTokens }));
    if (out.secret) onSecret(out.clientId, out.secret);
    return true;
  };

  return (
    <FormDrawerPanel<Values> title={editing?.id ? t("editTitle") : t("createTitle")} open={open} form={form} onClose={onClose} onSubmit={save} size={640} testId="client-drawer">
      <Form.Item name="name" label={t("fields.name")} extra={t("hints.name")} required>
        <Input maxLength={100} data-testid="client-name" />
      </Form.Item>
      <Form.Item name="clientId" label={t("fields.clientId")} extra={editing?.id ? undefined : t("hints.clientId")}>
        <Input maxLength={64} disabled={!!editing?.id} placeholder={t("generated")} data-testid="client-client-id" />
      </Form.Item>
      <Form.Item name="confidential" label={t("fields.confidential")} extra={t("hints.confidential")} required>
        <Radio.Group
          options={[
            { value: true, label: t("kinds.confidential") },
            { value: false, label: t("kinds.public") },
          ]}
          data-testid="client-kind"
        />
      </Form.Item>
      <Form.Item name="grants" label={t("fields.grants")} extra={t("hints.grants")} required>
        <Select
          mode="multiple"
          options={GRANTS.map((g) => ({ value: g, label: t(`grantNames.${g}`), disabled: g === "client_credentials" && confidential === false }))}
          data-testid="client-grants"
        />
      </Form.Item>
      {grants.includes("authorization_code") && (
        <Form.Item name="redirectUris" label={t("fields.redirectUris")} extra={t("hints.redirectUris")} required>
          <Select mode="tags" open={false} tokenSeparators={[" ", ","]} suffixIcon={null} data-testid="client-redirects" />
        </Form.Item>
      )}
      <Form.Item name="scopes" label={t("fields.scopes")} extra={t("hints.scopes")} required>
        <Select mode="multiple" options={scopeOptions} optionFilterProp="label" data-testid="client-scopes" />
      </Form.Item>
      {credentials && confidential !== false && (
        <>
          <Form.Item name="binding" label={t("fields.binding")} extra={t("hints.binding")} required>
            <Radio.Group options={BINDINGS.map((b) => ({ value: b, label: t(`bindings.${b}`) }))} data-testid="client-binding" />
          </Form.Item>
          {binding === "DEALER" ? (
            <Form.Item name="companyId" label={t("fields.companyId")} required>
              <Select showSearch={{ optionFilterProp: "label" }} options={named(options.companies)} data-testid="client-company" />
            </Form.Item>
          ) : (
            <Form.Item name="organizationId" label={t("fields.organizationId")} required>
              <Select showSearch={{ optionFilterProp: "label" }} options={named(options.organizations)} data-testid="client-organization" />
            </Form.Item>
          )}
          <Form.Item name="roleIds" label={t("fields.roleIds")} extra={t("hints.roleIds")} required>
            <Select mode="multiple" optionFilterProp="label" options={named(options.roles)} data-testid="client-roles" />
          </Form.Item>
        </>
      )}
      <Form.Item name="accessTokenSeconds" label={t("fields.accessTokenSeconds")} extra={t("hints.accessTokenSeconds")} required>
        <InputNumber min={LIMITS.accessTokenSeconds.min} max={LIMITS.accessTokenSeconds.max} precision={0} style={{ width: 200 }} />
      </Form.Item>
      {grants.includes("refresh_token") && (
        <Form.Item name="refreshTokenSeconds" label={t("fields.refreshTokenSeconds")} extra={t("hints.refreshTokenSeconds")} required>
          <InputNumber min={LIMITS.refreshTokenSeconds.min} max={LIMITS.refreshTokenSeconds.max} precision={0} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item name="rateLimitPerMinute" label={t("fields.rateLimitPerMinute")} extra={t("hints.rateLimitPerMinute")} required>
        <InputNumber min={LIMITS.rateLimitPerMinute.min} max={LIMITS.rateLimitPerMinute.max} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t("fields.enabled")} extra={t("hints.enabled")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawerPanel>
  );
}
