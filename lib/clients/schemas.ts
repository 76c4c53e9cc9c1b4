import { z } from "zod";
import { SCOPES } from "@/lib/oauth/scopes";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";

// system/client: the forms of the OAuth client administration (docs/DECISIONS.md, "Issue 22 —
// client administration"). Client-safe: the drawer validates with these before sending, the
// actions parse with them again. The rules between fields (grants, kind, redirect URIs, binding)
// are `clientRuleIssues`, which the drawer and the service both apply (messages Clients.errors.*).

export const GRANTS = ["authorization_code", "client_credentials", "refresh_token"] as const;
export type Grant = (typeof GRANTS)[number];
export const BINDINGS = ["STAFF", "DEALER"] as const;
export type Binding = (typeof BINDINGS)[number];

export const CLIENT_ID_PATTERN = /^[a-z0-9._-]{3,64}$/;
export const LIMITS = {
  accessTokenSeconds: { min: 60, max: 86400, fallback: 3600 },
  refreshTokenSeconds: { min: 300, max: 31536000, fallback: 2592000 },
  rateLimitPerMinute: { min: 1, max: 100000, fallback: 600 },
} as const;
export const OVERLAP_HOURS = { min: 0, max: 168, fallback: 24 } as const;

const id = z.number().int().positive();
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null));
const int = (r: { min: number; max: number }) => z.number().int().min(r.min).max(r.max);

/**
 * A redirect URI the authorization endpoint may send a code to: an absolute https URL; http only
 * to the loopback (127.0.0.1, [::1], localhost: a desktop or CLI app); or a private-use scheme
 * with a dot (reverse domain, RFC 8252 §7.1, e.g. com.example.app:/callback) for a mobile app.
 * Never a fragment, credentials in the URL, or a wildcard.
 */
export function isValidRedirectUri(raw: string): boolean {
  if (raw.length > 500 || /\s|\*/.test(raw) || raw.includes("#")) return false;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.username || u.password || u.hash) return false;
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (scheme === "https") return !!u.hostname;
  if (scheme === "http") return ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname.toLowerCase());
  // A private-use scheme: reverse-domain, not one a browser or the OS gives another meaning.
  if (["javascript", "data", "file", "blob", "about", "vbscript", "ftp", "ws", "wss", "mailto", "tel"].includes(scheme)) return false;
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme) && raw.length > scheme.length + 1;
}

export const ZClientSave = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(100).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE }),
  /** Blank on create: generated. Not changeable afterwards (the service ignores it on edit). */
  clientId: z.preprocess(blankToNull, z.string().trim().toLowerCase().regex(CLIENT_ID_PATTERN).nullable()).optional(),
  confidential: z.boolean(),
  grants: z.array(z.enum(GRANTS)).min(1).max(GRANTS.length),
  // Element checks sit on the array, so a refusal names the field (each URI: clientRuleIssues).
  redirectUris: z.array(z.string().trim()).max(20).default([]),
  scopes: z
    .array(z.string())
    .min(1)
    .max(SCOPES.length)
    .refine((xs) => xs.every((s) => SCOPES.includes(s))),
  accessTokenSeconds: int(LIMITS.accessTokenSeconds),
  refreshTokenSeconds: int(LIMITS.refreshTokenSeconds),
  rateLimitPerMinute: int(LIMITS.rateLimitPerMinute),
  enabled: z.boolean(),
  /** Client credentials only: who the client acts as. */
  binding: z.preprocess(blankToNull, z.enum(BINDINGS).nullable()).optional(),
  organizationId: z.preprocess(blankToNull, id.nullable()).optional(),
  companyId: z.preprocess(blankToNull, id.nullable()).optional(),
  roleIds: z.array(id).max(50).default([]),
});
export type TClientSave = z.infer<typeof ZClientSave>;

export const ZClientRef = z.object({ id });
export type TClientRef = z.infer<typeof ZClientRef>;

export const ZClientEnable = z.object({ id, enabled: z.boolean() });
export type TClientEnable = z.infer<typeof ZClientEnable>;

export const ZClientRotate = z.object({ id, overlapHours: int(OVERLAP_HOURS) });
export type TClientRotate = z.infer<typeof ZClientRotate>;

export const ZSecretRemove = z.object({ id, secretId: id });
export type TSecretRemove = z.infer<typeof ZSecretRemove>;

export type ClientRuleIssue = { field: string; key: string; values?: Record<string, string | number> };

/** The rules between fields; each names its field and a key of the Clients messages. */
export type ClientRuleInput = {
  confidential: boolean;
  grants: readonly string[];
  redirectUris?: readonly string[];
  binding?: Binding | null;
  organizationId?: number | null;
  companyId?: number | null;
  roleIds?: readonly number[];
};

export function clientRuleIssues(v: ClientRuleInput): ClientRuleIssue[] {
  const out: ClientRuleIssue[] = [];
  const has = (g: Grant) => v.grants.includes(g);
  if (has("client_credentials") && !v.confidential) out.push({ field: "grants", key: "Clients.errors.credentialsNeedConfidential" });
  if (has("refresh_token") && !has("authorization_code")) out.push({ field: "grants", key: "Clients.errors.refreshNeedsCode" });
  if (!v.confidential && !has("authorization_code")) out.push({ field: "grants", key: "Clients.errors.publicNeedsCode" });
  const uris = v.redirectUris ?? [];
  if (has("authorization_code") && uris.length === 0) out.push({ field: "redirectUris", key: "Clients.errors.redirectRequired" });
  const bad = uris.find((u) => !isValidRedirectUri(u));
  if (bad !== undefined) out.push({ field: "redirectUris", key: "Clients.errors.redirectInvalid", values: { uri: bad.slice(0, 100) } });
  else if (new Set(uris).size !== uris.length) out.push({ field: "redirectUris", key: "Clients.errors.redirectDuplicate" });
  if (has("client_credentials")) {
    if (!v.binding) out.push({ field: "binding", key: "Clients.errors.bindingRequired" });
    else if (v.binding === "STAFF" && !v.organizationId) out.push({ field: "organizationId", key: "Clients.errors.organizationRequired" });
    else if (v.binding === "DEALER" && !v.companyId) out.push({ field: "companyId", key: "Clients.errors.companyRequired" });
    if (v.binding && !(v.roleIds ?? []).length) out.push({ field: "roleIds", key: "Clients.errors.rolesRequired" });
  }
  return out;
}

/** A generated client id: a prefix and 12 random characters of [a-z0-9]. */
export function generatedClientId(random: (n: number) => Uint8Array): string {
  const abc = "abcdefghijklmnopqrstuvwxyz0123456789";
  return `dp-${[...random(12)].map((b) => abc[b % abc.length]).join("")}`;
}
