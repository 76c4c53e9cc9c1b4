import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { ConsentForm } from "@/components/oauth/consent-form";
import { getViewer } from "@/lib/auth/viewer";
import { authorizeParams, inspectAuthorize } from "@/lib/oauth/server";
import { LOGIN_ROUTE } from "@/lib/routes";

// The OAuth authorization endpoint (docs/DECISIONS.md, "Issue 22 — OAuth server"):
// /customerWeb/oauth/authorize?response_type=code&client_id=…&redirect_uri=…&scope=…&state=…
// &code_challenge=…&code_challenge_method=S256. Not signed in: the sign-in page, back here
// after. Signed in: the consent screen (the client, each scope, the company to act in), whose
// answer goes to the client's redirect URI. An unknown client or an unregistered redirect URI
// shows an error here and never redirects.

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("OAuth"))("title") };
}

type Search = Record<string, string | string[] | undefined>;

export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = authorizeParams(await searchParams);
  const viewer = await getViewer();
  if (!viewer) {
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
    redirect(`/${LOGIN_ROUTE}?callbackUrl=${encodeURIComponent(`/oauth/authorize?${query.toString()}`)}`);
  }
  const [t, locale, inspected] = await Promise.all([getTranslations("OAuth"), getLocale(), inspectAuthorize(params)]);
  if (inspected.kind === "redirect") redirect(inspected.location);
  if (inspected.kind === "error") {
    return (
      <section role="alert" aria-labelledby="oauth-error-title" data-testid="oauth-error">
        <h2 id="oauth-error-title" style={{ margin: "0 0 12px", fontSize: 22 }}>
          {t("errorTitle")}
        </h2>
        <p style={{ margin: "0 0 8px" }}>{t(inspected.error)}</p>
        <p style={{ margin: 0, color: "rgba(0,0,0,0.55)" }}>{t("errorHint")}</p>
      </section>
    );
  }

  const scopes = inspected.scopes.map((s) => {
    const [area, level] = s.split(":");
    // Scope names were checked against lib/oauth/scopes.ts; each has a message of its own.
    return { name: s, description: (t as unknown as (k: string) => string)(`scopes.${area}.${level}`) };
  });
  const companyName = (c: { nameEn: string; nameZh: string }) => (locale === "zh-CN" ? c.nameZh : c.nameEn);
  const companies = viewer.userType === "DEALER" ? viewer.companies.map((c) => ({ id: c.id, name: `${companyName(c)} (${c.code})` })) : [];

  return (
    <ConsentForm
      params={params}
      clientName={inspected.client.name}
      scopes={scopes}
      companies={companies}
      defaultCompanyId={viewer.company?.id ?? null}
      text={{
        title: t("title"),
        intro: t("intro", { client: inspected.client.name }),
        signedInAs: t("signedInAs", { name: viewer.name, account: viewer.account }),
        scopesTitle: t("scopesTitle"),
        scopesNote: t("scopesNote"),
        company: t("companyId"),
        companyHint: t("companyHint"),
        allow: t("allow"),
        deny: t("deny"),
        revokeHint: t("revokeHint"),
        redirecting: t("redirecting"),
        failed: t("failed"),
      }}
    />
  );
}
