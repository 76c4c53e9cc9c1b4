// The browser side of next-auth v4, by its documented endpoints under our base path. Written
// against fetch rather than next-auth/react so the shell does not ship SessionProvider.
import { withBase } from "./base-path";

async function csrfToken(): Promise<string> {
  const res = await fetch(withBase("/api/auth/csrf"), { credentials: "same-origin", cache: "no-store" });
  if (!res.ok) throw new Error(`csrf ${res.status}`);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** Signs in with the credentials provider; resolves to an error code or null on success. */
export async function signInWithCredentials(fields: { account: string; password: string; companyCode?: string }): Promise<string | null> {
  const body = new URLSearchParams({ ...fields, companyCode: fields.companyCode ?? "", csrfToken: await csrfToken(), json: "true", callbackUrl: withBase("/") });
  const res = await fetch(withBase("/api/auth/callback/credentials"), {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body,
  });
  const data = (await res.json().catch(() => ({}))) as { url?: string };
  const error = data.url ? new URL(data.url, window.location.origin).searchParams.get("error") : "UNKNOWN";
  return res.ok && !error ? null : (error ?? "UNKNOWN");
}

export async function signOut(): Promise<void> {
  const body = new URLSearchParams({ csrfToken: await csrfToken(), json: "true", callbackUrl: withBase("/system/login") });
  await fetch(withBase("/api/auth/signout"), {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body,
  });
}

/** Re-issues the session (company switch) without signing out. */
export async function updateSession(data: Record<string, unknown>): Promise<boolean> {
  const res = await fetch(withBase("/api/auth/session"), {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ csrfToken: await csrfToken(), data }),
  });
  return res.ok;
}
