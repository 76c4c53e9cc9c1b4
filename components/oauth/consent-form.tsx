"use client";

import { useState, useTransition } from "react";
import { InlineAlert } from "@/components/ui/inline-alert";
import styles from "@/components/auth/auth-frame.module.css";
import { consentAction } from "@/lib/oauth/consent-actions";
import type { AuthorizeParams } from "@/lib/oauth/server";

type Text = Record<
  "title" | "intro" | "signedInAs" | "scopesTitle" | "scopesNote" | "company" | "companyHint" | "allow" | "deny" | "revokeHint" | "redirecting" | "failed",
  string
>;

/** The OAuth consent screen's form (app/(auth)/oauth/authorize): texts come translated from the
 * page, so the sign-in frame sends no extra message namespace. Native controls styled by the
 * sign-in frame's stylesheet, like the sign-in form: the phone's in-app browser is its first
 * user, and the page stays within the anonymous screens' script budget. One column, full-width
 * buttons. */
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
    <div data-testid="oauth-consent">
      <h2 className={styles.title}>{text.title}</h2>
      <p className={styles.subtitle} style={{ fontWeight: 600, color: "rgba(0, 0, 0, 0.88)" }}>
        {text.intro}
      </p>
      <p className={styles.subtitle}>{text.signedInAs}</p>

      <p className={styles.label} id="oauth-scopes-title">
        {text.scopesTitle}
      </p>
      <ul aria-labelledby="oauth-scopes-title" style={{ listStyle: "none", padding: 0, margin: "0 0 4px" }}>
        {props.scopes.map((s) => (
          <li key={s.name} data-scope={s.name} style={{ display: "flex", gap: 8, padding: "4px 0" }}>
            <span aria-hidden style={{ color: "#237804", fontWeight: 700 }}>
              ✓
            </span>
            <span>
              {s.description}{" "}
              <code style={{ fontSize: 12, padding: "0 4px", background: "rgba(0, 0, 0, 0.04)", border: "1px solid rgba(0, 0, 0, 0.12)", borderRadius: 3 }}>{s.name}</code>
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.hint} style={{ margin: "0 0 16px", fontSize: 13 }}>
        {text.scopesNote}
      </p>

      {props.companies.length > 1 && (
        <fieldset className={styles.field} style={{ border: 0, padding: 0, margin: "0 0 20px" }}>
          <legend className={styles.label}>{text.company}</legend>
          <div role="radiogroup" aria-label={text.company} className={styles.companies} data-testid="oauth-company">
            {props.companies.map((c) => (
              <label key={c.id} className={styles.companyOption} data-checked={companyId === c.id}>
                <input type="radio" name="company" value={c.id} checked={companyId === c.id} onChange={() => setCompanyId(c.id)} disabled={pending || done} />
                <span>{c.name}</span>
              </label>
            ))}
          </div>
          <p className={styles.hint} style={{ margin: "4px 0 0", fontSize: 13 }}>
            {text.companyHint}
          </p>
        </fieldset>
      )}
      {props.companies.length === 1 && <p style={{ margin: "0 0 16px" }}>{`${text.company}: ${props.companies[0].name}`}</p>}

      {error && <InlineAlert type="error">{error}</InlineAlert>}
      {done && <InlineAlert type="info">{text.redirecting}</InlineAlert>}

      <button type="button" className={styles.submit} disabled={pending || done} onClick={() => answer(true)}>
        {pending && <span className={styles.spinner} aria-hidden />}
        {text.allow}
      </button>
      <button type="button" className={styles.secondary} disabled={pending || done} onClick={() => answer(false)}>
        {text.deny}
      </button>
      <p className={styles.hint} style={{ margin: "16px 0 0", fontSize: 13 }}>
        {text.revokeHint}
      </p>
    </div>
  );
}
