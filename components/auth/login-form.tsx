"use client";

import { LockOutlined, ShopOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Input, Select, Typography } from "antd";
import { useLocale, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { prepareSignInAction } from "@/lib/auth/actions";
import type { CompanyOption } from "@/lib/auth/credentials";
import { signInWithCredentials } from "@/lib/client/auth-client";
import { withBase } from "@/lib/client/base-path";

type Step = { kind: "credentials" } | { kind: "company"; companies: CompanyOption[]; initial: string | null };
type Fields = { account: string; password: string; companyCode?: string };

const KNOWN_ERRORS = new Set(["INVALID_CREDENTIALS", "ACCOUNT_PENDING", "ACCOUNT_DISABLED", "ACCOUNT_LOCKED", "COMPANY_REQUIRED", "COMPANY_INVALID"]);

export function LoginForm({ callbackPath, initialError }: { callbackPath: string; initialError: string | null }) {
  const t = useTranslations("Login");
  const tv = useTranslations("Validation");
  const locale = useLocale();
  const [form] = Form.useForm<Fields>();
  const [step, setStep] = useState<Step>({ kind: "credentials" });
  const [error, setError] = useState<string | null>(initialError && KNOWN_ERRORS.has(initialError) ? initialError : null);
  const [pending, startTransition] = useTransition();

  const finish = async (fields: Fields) => {
    const code = await signInWithCredentials(fields);
    if (code) return setError(KNOWN_ERRORS.has(code) ? code : "UNKNOWN");
    // A full load, so every server component renders for the new session.
    window.location.assign(withBase(callbackPath));
  };

  const onFinish = (fields: Fields) =>
    startTransition(async () => {
      setError(null);
      try {
        if (step.kind === "company") return await finish(fields);
        const prepared = await prepareSignInAction({ account: fields.account, password: fields.password });
        if (!prepared.ok) return setError(prepared.error);
        if (prepared.userType === "DEALER" && prepared.companies.length > 1) {
          const initial = prepared.lastCompanyCode ?? prepared.companies[0].code;
          form.setFieldValue("companyCode", initial);
          return setStep({ kind: "company", companies: prepared.companies, initial });
        }
        await finish({ ...fields, companyCode: prepared.companies[0]?.code });
      } catch {
        setError("UNKNOWN");
      }
    });

  const companyName = (c: CompanyOption) => (locale === "zh-CN" ? c.nameZh : c.nameEn);

  return (
    <div>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
        {t("title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{step.kind === "company" ? t("companyHint") : t("subtitle")}</Typography.Paragraph>
      {error && <Alert role="alert" type="error" showIcon title={t(`errors.${error}`)} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={pending} name="login">
        <div hidden={step.kind === "company"}>
          <Form.Item name="account" label={t("account")} rules={[{ required: true, whitespace: true, message: tv("required", { label: t("account") }) }, { max: 50, message: tv("maxLength", { label: t("account"), max: 50 }) }]}>
            <Input prefix={<UserOutlined />} placeholder={t("accountPlaceholder")} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t("password")} rules={[{ required: true, message: tv("required", { label: t("password") }) }, { max: 128, message: tv("maxLength", { label: t("password"), max: 128 }) }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
        </div>
        {step.kind === "company" && (
          <Form.Item name="companyCode" label={t("company")} rules={[{ required: true, message: tv("select", { label: t("company") }) }]}>
            <Select
              suffixIcon={<ShopOutlined />}
              placeholder={t("chooseCompany")}
              options={step.companies.map((c) => ({ value: c.code, label: `${companyName(c)} (${c.code})` }))}
              data-testid="company-select"
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={pending}>
          {step.kind === "company" ? t("submit") : t("submit")}
        </Button>
        {step.kind === "company" && (
          <Button type="link" block style={{ marginTop: 8 }} onClick={() => (setStep({ kind: "credentials" }), setError(null))}>
            {t("back")}
          </Button>
        )}
      </Form>
    </div>
  );
}
