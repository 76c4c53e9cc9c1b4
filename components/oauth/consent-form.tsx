"use client";

import { CheckCircleOutlined } from "@ant-design/icons";
import { Alert, Button, Select, Space, Typography } from "antd";
import "@/components/providers/antd-css";
import { useState, useTransition } from "react";
import { consentAction } from "@/lib/oauth/consent-actions";
import type { AuthorizeParams } from "@/lib/oauth/server";

type Text = Record<
  "title" | "intro" | "signedInAs" | "scopesTitle" | "scopesNote" | "company" | "companyHint" | "allow" | "deny" | "revokeHint" | "redirecting" | "failed",
  string
>;

/** The OAuth consent screen's form (app/(auth)/oauth/authorize): texts come translated from the
 * page, so the sign-in frame sends no extra message namespace. Narrow by design (the phone's
 * in-app browser is its first user): one column, full-width buttons. */
export function ConsentForm(props: {
  params: AuthorizeParams;
  clientName: string;
  scopes: { name: string; description: string }[];
  companies: { id: number; name: string }[];
  defaultCompanyId: number | null;
  text: Text;
}) {
  const { text } = props;
  const [companyId, setCompanyId] = useState<number | null>(props.defaultCompanyId ?? props.companies[0]?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, startTransition] = useTransition();

  const answer = (allow: boolean) =>
    startTransition(async () => {
      setError(null);
      try {
        const res = await consentAction({ params: props.params, companyId, allow });
        if (!res.ok) return setError(res.message);
        setDone(true);
        // The client's redirect URI (an app's own scheme, or a loopback address): a full navigation.
        window.location.assign(res.data.location);
      } catch {
        setError(text.failed);
      }
    });

  return (
    <div data-testid="oauth-consent" style={{ maxWidth: 420, width: "100%" }}>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
        {text.title}
      </Typography.Title>
      <Typography.Paragraph strong>{text.intro}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{text.signedInAs}</Typography.Paragraph>

      <Typography.Text strong>{text.scopesTitle}</Typography.Text>
      <ul aria-label={text.scopesTitle} style={{ listStyle: "none", padding: 0, margin: "8px 0 4px" }}>
        {props.scopes.map((s) => (
          <li key={s.name} data-scope={s.name} style={{ display: "flex", gap: 8, padding: "4px 0" }}>
            <CheckCircleOutlined style={{ color: "#52c41a", marginTop: 4 }} aria-hidden />
            <span>
              {s.description}{" "}
              <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
                {s.name}
              </Typography.Text>
            </span>
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {text.scopesNote}
      </Typography.Paragraph>

      {props.companies.length > 1 && (
        <div style={{ marginBottom: 16 }}>
          <label htmlFor="oauth-company" style={{ display: "block", fontWeight: 600, marginBottom: 4 }}>
            {text.company}
          </label>
          <Select
            id="oauth-company"
            data-testid="oauth-company"
            style={{ width: "100%" }}
            value={companyId ?? undefined}
            onChange={(v: number) => setCompanyId(v)}
            options={props.companies.map((c) => ({ value: c.id, label: c.name }))}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {text.companyHint}
          </Typography.Text>
        </div>
      )}
      {props.companies.length === 1 && <Typography.Paragraph>{`${text.company}: ${props.companies[0].name}`}</Typography.Paragraph>}

      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {done && <Alert type="info" showIcon title={text.redirecting} style={{ marginBottom: 12 }} />}

      <Space orientation="vertical" style={{ width: "100%" }} size={8}>
        <Button type="primary" block size="large" loading={pending} disabled={done} onClick={() => answer(true)}>
          {text.allow}
        </Button>
        <Button block size="large" disabled={pending || done} onClick={() => answer(false)}>
          {text.deny}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16, marginBottom: 0 }}>
        {text.revokeHint}
      </Typography.Paragraph>
    </div>
  );
}
