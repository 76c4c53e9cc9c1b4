import "server-only";
import OAuth2Server, {
  AccessDeniedError,
  InvalidClientError,
  InvalidGrantError,
  InvalidRequestError,
  OAuthError,
  Request as OAuthRequest,
  Response as OAuthResponse,
  type AuthorizationCode,
  type AuthorizationCodeModel,
  type Client,
  type ClientCredentialsModel,
  type RefreshToken,
  type RefreshTokenModel,
  type Token,
  type User,
} from "@node-oauth/oauth2-server";
import { z } from "zod";
import { audit } from "@/lib/core/audit";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DeviceBlocked, registerDevice, type DeviceReport } from "@/lib/devices/register";
import { clientIpOf } from "@/lib/http/client-ip";
import { errorFields, log } from "@/lib/log";
import { overLimit } from "./bearer";
import { isScope, parseScopeParam } from "./scopes";
import { hashCredential, issueTokens, newCredential, revokeFamily } from "./tokens";

// The OAuth 2.1 authorization server (docs/DECISIONS.md, "Issue 22 — OAuth server"):
// @node-oauth/oauth2-server runs the protocol (parameter parsing, client authentication by
// HTTP Basic or client_secret_post, PKCE verification, grant dispatch, redirects, error bodies);
// this file is its model over the Prisma rows, and the three endpoints' glue:
//   tokenResponse    POST /api/oauth/token   (authorization_code, refresh_token, client_credentials)
//   revokeResponse   POST /api/oauth/revoke  (RFC 7009; the library has no revocation)
//   inspectAuthorize / decideAuthorize       the consent page /oauth/authorize and its action.
// Rules the model enforces beside the library's:
// - a disabled client gets nothing; a grant not in OAuthClient.grants is refused (library);
// - confidential clients authenticate with a current secret (a rotated-out one until its
//   expiresAt); public clients send no secret and must use PKCE S256 (every client must: 2.1);
// - codes live 5 minutes and are single-use: the code is consumed before the verifier is
//   checked (a wrong verifier burns it), and a second exchange revokes the family it produced;
// - refresh rotates (rotatedAt on the old row, a new row of the same family); a rotated refresh
//   token presented again revokes the whole family (reuse detection);
// - scopes are a subset of the client's, unknown names refused;
// - devices reported at the token endpoint are registered in the issuing transaction and bind
//   the tokens; a blocked device, or a refresh of a token whose device is blocked or unbound,
//   is refused.

/** Lifetime of an authorization code (seconds). */
export const CODE_SECONDS = 5 * 60;

export type OAuthUser = {
  id: number;
  companyId: number | null;
  /** Authorization code grant: the code's hash, to record the family it starts. */
  codeHash?: string;
  /** Refresh grant: the family continued, the row rotated away and its device. */
  familyId?: string;
  deviceId?: number | null;
  tokenRowId?: number;
  issuedAt?: Date;
};

const CLIENT_SELECT = {
  id: true,
  clientId: true,
  name: true,
  confidential: true,
  grants: true,
  redirectUris: true,
  scopes: true,
  accessTokenSeconds: true,
  refreshTokenSeconds: true,
  enabled: true,
  serviceUserId: true,
} as const;

type ClientRow = Prisma.OAuthClientGetPayload<{ select: typeof CLIENT_SELECT }>;

export type OAuthClientObject = Client & { id: string; row: ClientRow };

const clientObject = (row: ClientRow): OAuthClientObject => ({
  id: row.clientId,
  grants: row.grants,
  redirectUris: row.redirectUris,
  accessTokenLifetime: row.accessTokenSeconds,
  refreshTokenLifetime: row.refreshTokenSeconds,
  row,
});

/** An enabled client by its public id (null: unknown or disabled). */
export async function findClient(clientId: string): Promise<ClientRow | null> {
  if (!clientId || clientId.length > 64) return null;
  const row = await db().oAuthClient.findUnique({ where: { clientId }, select: CLIENT_SELECT });
  return row?.enabled ? row : null;
}

/** Whether a secret is one of the client's current ones (a rotated-out one until its expiry). */
async function secretValid(clientDbId: number, secret: string, now: Date): Promise<boolean> {
  if (secret.length > 200) return false;
  const row = await db().oAuthClientSecret.findUnique({ where: { hash: hashCredential(secret) }, select: { clientId: true, expiresAt: true } });
  return !!row && row.clientId === clientDbId && (!row.expiresAt || row.expiresAt > now);
}

/** The scopes a client may be given: the requested ones (all of the client's when none are
 * asked), each a known scope name the client holds; null when any is not. */
export function allowedScopes(client: Pick<ClientRow, "scopes">, requested: readonly string[] | undefined | null): string[] | null {
  const asked = requested && requested.length ? [...new Set(requested)] : client.scopes.filter(isScope);
  if (!asked.length) return null;
  return asked.every((s) => isScope(s) && client.scopes.includes(s)) ? asked : null;
}

const grantError = (message: string) => new InvalidGrantError(`Invalid grant: ${message}`);

type Endpoint = "authorize" | "token";
type ModelContext = { endpoint: Endpoint; device: DeviceReport | null; now: () => Date };

/** The library's model for one request (it carries the device the request reports). */
export function createModel(ctx: ModelContext): AuthorizationCodeModel & RefreshTokenModel & ClientCredentialsModel {
  return {
    async getClient(clientId: string, clientSecret: string | null | undefined) {
      const row = await findClient(clientId);
      if (!row) return null;
      if (ctx.endpoint === "token") {
        if (row.confidential) {
          if (!clientSecret || !(await secretValid(row.id, clientSecret, ctx.now()))) return null;
        } else if (clientSecret) {
          // A public client has no secret: one sent is a misconfigured or impersonating client.
          return null;
        }
      }
      return clientObject(row);
    },

    async validateRedirectUri(redirectUri: string, client: Client) {
      // Exact string match against a registered URI (no prefix or pattern matching).
      return (client as OAuthClientObject).row.redirectUris.includes(redirectUri);
    },

    async validateScope(_user: User, client: Client, scope?: string[]) {
      return allowedScopes((client as OAuthClientObject).row, scope) ?? false;
    },

    async generateAuthorizationCode() {
      return newCredential("code");
    },

    async saveAuthorizationCode(code, client: Client, user: User) {
      const c = client as OAuthClientObject;
      const u = user as OAuthUser;
      if (!code.codeChallenge || code.codeChallengeMethod !== "S256") {
        throw new InvalidRequestError("Invalid request: PKCE with `code_challenge_method` S256 is required");
      }
      if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(code.codeChallenge)) throw new InvalidRequestError("Invalid parameter: `code_challenge`");
      await db().oAuthCode.create({
        data: {
          hash: hashCredential(code.authorizationCode),
          clientId: c.row.id,
          userId: u.id,
          companyId: u.companyId,
          redirectUri: code.redirectUri,
          scopes: code.scope ?? [],
          codeChallenge: code.codeChallenge,
          codeChallengeMethod: code.codeChallengeMethod,
          expiresAt: code.expiresAt,
          createdAt: ctx.now(),
        },
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode: string): Promise<AuthorizationCode | null> {
      if (authorizationCode.length > 200) return null;
      const hash = hashCredential(authorizationCode);
      const row = await db().oAuthCode.findUnique({ where: { hash }, include: { client: { select: CLIENT_SELECT }, user: { select: { status: true, service: true } } } });
      if (!row) return null;
      if (row.usedAt) {
        // A second exchange: the code leaked, so whatever the first exchange gave is revoked.
        if (row.familyId) await revokeWithAudit(row.familyId, row.userId, row.companyId, "oauth.codeReused", ctx.now());
        throw grantError("authorization code was already used; the tokens it gave are revoked");
      }
      if (row.user.status !== "ACTIVE" || row.user.service) throw grantError("the user may not sign in");
      return {
        authorizationCode,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scopes,
        client: clientObject(row.client),
        user: { id: row.userId, companyId: row.companyId, codeHash: hash } satisfies OAuthUser,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
      };
    },

    async revokeAuthorizationCode(code: AuthorizationCode) {
      // Consumed at once, in its own statement, before the verifier is checked (the library's
      // order): a wrong verifier burns the code, and of two racing exchanges one wins.
      const { count } = await db().oAuthCode.updateMany({ where: { hash: (code.user as OAuthUser).codeHash, usedAt: null }, data: { usedAt: ctx.now() } });
      return count === 1;
    },

    async getRefreshToken(refreshToken: string): Promise<RefreshToken | null> {
      if (refreshToken.length > 200) return null;
      const row = await db().oAuthToken.findUnique({
        where: { refreshHash: hashCredential(refreshToken) },
        include: {
          client: { select: CLIENT_SELECT },
          device: { select: { blockedAt: true, unboundAt: true } },
          user: { select: { status: true, sessionsValidFrom: true } },
        },
      });
      if (!row) return null;
      if (row.rotatedAt && !row.revokedAt) {
        // Reuse: a refresh token already exchanged is presented again. One of the two holders is
        // not the app; the whole family goes.
        await revokeWithAudit(row.familyId, row.userId, row.companyId, "oauth.refreshReused", ctx.now());
        throw grantError("refresh token was already used; every token of its family is revoked");
      }
      if (row.revokedAt || row.rotatedAt) throw grantError("refresh token is revoked");
      if (row.device?.blockedAt) throw grantError("the device is blocked");
      if (row.device?.unboundAt) throw grantError("the device was signed out");
      if (row.user.status !== "ACTIVE" || row.user.sessionsValidFrom > row.createdAt) throw grantError("the user signed out or was disabled");
      return {
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt ?? undefined,
        scope: row.scopes,
        client: clientObject(row.client),
        user: { id: row.userId, companyId: row.companyId, familyId: row.familyId, deviceId: row.deviceId, tokenRowId: row.id, issuedAt: row.createdAt } satisfies OAuthUser,
      };
    },

    async revokeToken(token: RefreshToken | Token) {
      // Rotation: the presented row is marked rotated (only if it still is current, so of two
      // racing refreshes one wins and the other is treated as reuse).
      const u = token.user as OAuthUser;
      const { count } = await db().oAuthToken.updateMany({ where: { id: u.tokenRowId, rotatedAt: null, revokedAt: null }, data: { rotatedAt: ctx.now() } });
      if (count === 1) return true;
      if (u.familyId) await revokeWithAudit(u.familyId, u.id, u.companyId, "oauth.refreshReused", ctx.now());
      return false;
    },

    async getUserFromClient(client: Client): Promise<OAuthUser | null> {
      const row = (client as OAuthClientObject).row;
      if (!row.serviceUserId) return null;
      const user = await db().user.findUnique({
        where: { id: row.serviceUserId },
        select: { id: true, service: true, status: true, userType: true, companies: { select: { companyId: true } } },
      });
      if (!user || !user.service || user.status !== "ACTIVE") return null;
      if (user.userType === "DEALER") {
        // A dealer service user acts in its one company.
        if (user.companies.length !== 1) return null;
        return { id: user.id, companyId: user.companies[0].companyId };
      }
      return { id: user.id, companyId: null };
    },

    async saveToken(token: Token, client: Client, user: User) {
      const c = (client as OAuthClientObject).row;
      const u = user as OAuthUser;
      const now = ctx.now();
      // Client credentials never get a refresh token; the other grants get one when the client
      // holds the refresh_token grant.
      const isClientCredentials = !u.codeHash && !u.familyId;
      const refreshing = !isClientCredentials && c.grants.includes("refresh_token");
      // A refresh keeps the family's scopes, narrowed to what the client still holds.
      const scopes = (token.scope ?? []).filter((s) => c.scopes.includes(s) && isScope(s));
      if (!scopes.length) throw grantError("none of the token's scopes is still allowed to the client");
      try {
        const issued = await db().$transaction(async (tx) => {
          let deviceId: number | null = u.deviceId ?? null;
          if (ctx.device && !isClientCredentials) {
            const registered = await registerDevice(tx, u.id, ctx.device, now);
            if (deviceId !== null && registered !== deviceId) throw grantError("the refresh token belongs to another device");
            deviceId = registered;
          }
          const out = await issueTokens(
            {
              clientId: c.id,
              userId: u.id,
              companyId: u.companyId,
              scopes,
              deviceId,
              familyId: u.familyId,
              accessSeconds: c.accessTokenSeconds,
              refreshSeconds: refreshing ? c.refreshTokenSeconds : null,
            },
            { tx, now },
          );
          if (u.codeHash) await tx.oAuthCode.update({ where: { hash: u.codeHash }, data: { familyId: out.familyId, deviceId } });
          return out;
        });
        return {
          accessToken: issued.accessToken,
          accessTokenExpiresAt: issued.accessExpiresAt,
          refreshToken: issued.refreshToken ?? undefined,
          refreshTokenExpiresAt: issued.refreshExpiresAt ?? undefined,
          scope: scopes,
          client,
          user,
        };
      } catch (e) {
        if (e instanceof DeviceBlocked) throw grantError("the device is blocked");
        throw e;
      }
    },

    async getAccessToken(accessToken: string) {
      // Not used by the endpoints (bearer requests go through lib/oauth/bearer.ts); the typings ask for it.
      const row = await db().oAuthToken.findUnique({ where: { accessHash: hashCredential(accessToken) }, include: { client: { select: CLIENT_SELECT } } });
      if (!row || row.revokedAt || row.rotatedAt) return null;
      return { accessToken, accessTokenExpiresAt: row.accessExpiresAt, scope: row.scopes, client: clientObject(row.client), user: { id: row.userId, companyId: row.companyId } };
    },
  };
}

async function revokeWithAudit(familyId: string, userId: number, companyId: number | null, action: string, now: Date): Promise<void> {
  await db().$transaction(async (tx) => {
    const count = await revokeFamily(familyId, { tx, now });
    await audit(tx, { userId, companyId, requestId: null }, "OAuthTokenFamily", familyId, action, null, { revoked: count });
  });
  log.warn("oauth: token family revoked", { familyId, action });
}

// ---------------------------------------------------------------------------------------------
// The token endpoint.

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;
const MAX_BODY = 16 * 1024;

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  for (const [k, v] of Object.entries(NO_STORE)) h.set(k, v);
  return new Response(JSON.stringify(body), { status, headers: h });
}

const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}) =>
  jsonResponse(status, { error, error_description: description }, headers);

const GRANTS: readonly string[] = ["authorization_code", "refresh_token", "client_credentials"];

const DEVICE_FIELDS = ["device_id", "device_platform", "device_model", "device_os", "app_version", "push_token"] as const;

const deviceSchema = z.object({
  device_id: z.string().trim().min(1).max(128),
  device_platform: z.enum(["ANDROID", "IOS", "HARMONYOS"]).optional(),
  device_model: z.string().trim().max(100).optional(),
  device_os: z.string().trim().max(100).optional(),
  app_version: z.string().trim().max(50).optional(),
  push_token: z.string().trim().max(300).optional(),
});

type ParsedForm = { ok: true; body: Record<string, string>; length: number } | { ok: false; response: Response };

/** The form body of a token or revocation request: url-encoded, small, each parameter once. */
async function readForm(req: Request): Promise<ParsedForm> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (req.method !== "POST") return { ok: false, response: oauthError(405, "invalid_request", "Invalid request: method must be POST", { Allow: "POST" }) };
  if (type !== "application/x-www-form-urlencoded") {
    return { ok: false, response: oauthError(400, "invalid_request", "Invalid request: content must be application/x-www-form-urlencoded") };
  }
  const text = await req.text();
  if (text.length > MAX_BODY) return { ok: false, response: oauthError(413, "invalid_request", "Invalid request: body too large") };
  const body: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    // RFC 6749 §3.1: request parameters must not be included more than once.
    if (k in body) return { ok: false, response: oauthError(400, "invalid_request", `Invalid request: \`${k}\` is repeated`) };
    body[k] = v;
  }
  return { ok: true, body, length: Buffer.byteLength(text) };
}

function libraryRequest(req: Request, body: Record<string, string>, length: number): OAuthRequest {
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => (headers[k] = v));
  // type-is (the library's content check) looks for a body by its length.
  headers["content-length"] = String(length);
  delete headers["transfer-encoding"];
  return new OAuthRequest({ method: "POST", headers, query: {}, body });
}

const server = (model: ReturnType<typeof createModel>) => new OAuth2Server({ model });

/**
 * The client's rate limit at the token and revocation endpoints: a request naming a registered
 * client (HTTP Basic or client_id) counts in the same minute as its API calls (overLimit, one
 * atomic upsert), so a client cannot flood the token endpoint either. Over it: 429 with
 * Retry-After in OAuth's error form. A request naming no registered client counts nowhere (the
 * library refuses it).
 */
async function clientOverLimit(req: Request, body: Record<string, string>, now: Date): Promise<Response | null> {
  const clientId = basicCredentials(req)?.id ?? body.client_id;
  if (!clientId || clientId.length > 64) return null;
  const client = await db().oAuthClient.findUnique({ where: { clientId }, select: { id: true, rateLimitPerMinute: true } });
  if (!client) return null;
  const limited = await overLimit(client.id, client.rateLimitPerMinute, now);
  return limited && oauthError(429, "slow_down", "Too many requests from this client", limited.headers);
}

/** POST /api/oauth/token. */
export async function tokenResponse(req: Request, now: () => Date = () => new Date()): Promise<Response> {
  const form = await readForm(req);
  if (!form.ok) return form.response;
  const { body } = form;
  let device: DeviceReport | null = null;
  const grant = body.grant_type;
  // OAuth 2.1's grants only (the library also knows `password`, which 2.1 removed).
  if (grant && !GRANTS.includes(grant)) return oauthError(400, "unsupported_grant_type", "Unsupported grant type: `grant_type` is invalid");
  const limited = await clientOverLimit(req, body, now());
  if (limited) return limited;
  if (DEVICE_FIELDS.some((f) => body[f] !== undefined) && (grant === "authorization_code" || grant === "refresh_token")) {
    const parsed = deviceSchema.safeParse(Object.fromEntries(DEVICE_FIELDS.filter((f) => body[f] !== undefined && body[f] !== "").map((f) => [f, body[f]])));
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") ?? "device_id";
      return oauthError(400, "invalid_request", `Invalid parameter: \`${field}\``);
    }
    const d = parsed.data;
    device = {
      deviceId: d.device_id,
      platform: d.device_platform ?? null,
      model: d.device_model || null,
      os: d.device_os || null,
      appVersion: d.app_version || null,
      pushToken: d.push_token || null,
      ip: clientIpOf(req.headers),
    };
  }
  const model = createModel({ endpoint: "token", device, now });
  const response = new OAuthResponse({});
  try {
    await server(model).token(libraryRequest(req, body, form.length), response, {
      // Public clients (PKCE) refresh without a secret; confidential ones are still held to
      // theirs by the model's getClient. Client credentials always need the secret.
      requireClientAuthentication: { authorization_code: false, refresh_token: false, client_credentials: true },
      accessTokenLifetime: 3600,
      refreshTokenLifetime: 30 * 24 * 3600,
    });
    return jsonResponse(200, response.body, headersOf(response));
  } catch (e) {
    return errorResponse(e, response);
  }
}

function headersOf(response: OAuthResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(response.headers ?? {})) if (typeof v === "string" && k !== "content-type") out[k] = v;
  return out;
}

function errorResponse(e: unknown, response: OAuthResponse): Response {
  if (e instanceof OAuthError) {
    if (e.name === "server_error") log.error("oauth: server error", errorFields((e as OAuthError & { inner?: unknown }).inner ?? e));
    return oauthError(e.code || 400, e.name, e.message, headersOf(response));
  }
  log.error("oauth: unexpected error", errorFields(e));
  return oauthError(500, "server_error", "Server error");
}

// ---------------------------------------------------------------------------------------------
// Revocation (RFC 7009): the library has none. The client authenticates as at the token
// endpoint; a refresh or access token of that client revokes its whole family; anything else
// (unknown, already revoked, another client's) answers 200 and changes nothing.

function basicCredentials(req: Request): { id: string; secret: string } | null {
  const m = /^basic\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const i = decoded.indexOf(":");
  if (i < 0) return null;
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return s;
    }
  };
  return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)) };
}

/** POST /api/oauth/revoke. */
export async function revokeResponse(req: Request, now: () => Date = () => new Date()): Promise<Response> {
  const form = await readForm(req);
  if (!form.ok) return form.response;
  const { body } = form;
  const limited = await clientOverLimit(req, body, now());
  if (limited) return limited;
  const basic = basicCredentials(req);
  const clientId = basic?.id ?? body.client_id;
  const secret = basic?.secret || body.client_secret || undefined;
  if (!clientId) return oauthError(400, "invalid_request", "Missing parameter: `client_id`");
  const client = await createModel({ endpoint: "token", device: null, now }).getClient(clientId, secret as string);
  if (!client) {
    return oauthError(401, "invalid_client", "Invalid client: client is invalid", basic ? { "WWW-Authenticate": 'Basic realm="Service"' } : {});
  }
  const token = body.token;
  if (!token) return oauthError(400, "invalid_request", "Missing parameter: `token`");
  if (token.length <= 200) {
    const hash = hashCredential(token);
    const hint = body.token_type_hint;
    const where = hint === "access_token" ? { accessHash: hash } : hint === "refresh_token" ? { refreshHash: hash } : { OR: [{ accessHash: hash }, { refreshHash: hash }] };
    const row = await db().oAuthToken.findFirst({ where, select: { familyId: true, clientId: true, userId: true, companyId: true } });
    if (row && row.clientId === (client as OAuthClientObject).row.id) {
      await db().$transaction(async (tx) => {
        const count = await revokeFamily(row.familyId, { tx, now: now() });
        if (count)
          await audit(tx, { userId: row.userId, companyId: row.companyId, requestId: req.headers.get("x-request-id") }, "OAuthTokenFamily", row.familyId, "oauth.revoked", null, {
            revoked: count,
          });
      });
    }
  }
  return new Response(null, { status: 200, headers: NO_STORE });
}

// ---------------------------------------------------------------------------------------------
// The authorization endpoint: the consent page reads the request (inspectAuthorize), the
// consent action answers it (decideAuthorize).

export type AuthorizeParams = Record<string, string | undefined>;

export type AuthorizeInspection =
  /** Show an error page: never redirect to a URI that is not registered. */
  | { kind: "error"; error: "invalid_client" | "invalid_redirect_uri" }
  /** The redirect URI is sound: the error goes back to the client. */
  | { kind: "redirect"; location: string }
  | { kind: "consent"; client: { clientId: string; name: string }; scopes: string[] };

const AUTHORIZE_KEYS = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"] as const;

/** The authorization request's own parameters (everything else is dropped). */
export function authorizeParams(raw: Record<string, string | string[] | undefined>): AuthorizeParams {
  const out: AuthorizeParams = {};
  for (const k of AUTHORIZE_KEYS) {
    const v = raw[k];
    out[k] = Array.isArray(v) ? undefined : v;
  }
  return out;
}

function errorLocation(redirectUri: string, error: string, description: string, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set("error", error);
  url.searchParams.set("error_description", description);
  if (state) url.searchParams.set("state", state);
  return url.toString();
}

/** Checks an authorization request before the consent screen is shown. */
export async function inspectAuthorize(p: AuthorizeParams): Promise<AuthorizeInspection> {
  const client = p.client_id ? await findClient(p.client_id) : null;
  if (!client || !client.grants.includes("authorization_code")) return { kind: "error", error: "invalid_client" };
  if (!p.redirect_uri || !client.redirectUris.includes(p.redirect_uri)) return { kind: "error", error: "invalid_redirect_uri" };
  const back = (error: string, description: string) => ({ kind: "redirect" as const, location: errorLocation(p.redirect_uri!, error, description, p.state) });
  if (p.response_type !== "code") return back("unsupported_response_type", "Unsupported response type: `response_type` is not supported");
  if (!p.state) return back("invalid_request", "Missing parameter: `state`");
  if (!p.code_challenge || p.code_challenge_method !== "S256") return back("invalid_request", "Invalid request: PKCE with `code_challenge_method` S256 is required");
  const scopes = allowedScopes(client, parseScopeParam(p.scope));
  if (!scopes) return back("invalid_scope", "Invalid scope: Requested scope is invalid");
  return { kind: "consent", client: { clientId: client.clientId, name: client.name }, scopes };
}

/**
 * Answers an authorization request for a signed-in user acting in a company: the library issues
 * the code (allow) or the access_denied error (deny), and builds the redirect. Null when the
 * request cannot be answered by a redirect (the page shows its error instead).
 */
export async function decideAuthorize(
  p: AuthorizeParams,
  user: { id: number; companyId: number | null },
  allow: boolean,
  now: () => Date = () => new Date(),
): Promise<{ location: string } | null> {
  const inspected = await inspectAuthorize(p);
  if (inspected.kind === "error") return null;
  if (inspected.kind === "redirect") return { location: inspected.location };
  const query: Record<string, string> = {};
  for (const k of AUTHORIZE_KEYS) if (p[k] !== undefined) query[k] = p[k]!;
  if (!allow) query.allowed = "false";
  const request = new OAuthRequest({ method: "GET", headers: {}, query, body: {} });
  const response = new OAuthResponse({});
  const model = createModel({ endpoint: "authorize", device: null, now });
  try {
    await server(model).authorize(request, response, {
      authorizationCodeLifetime: CODE_SECONDS,
      authenticateHandler: { handle: () => ({ id: user.id, companyId: user.companyId }) satisfies OAuthUser },
    });
  } catch (e) {
    if (!(e instanceof AccessDeniedError) && !(e instanceof OAuthError)) log.error("oauth: authorize failed", errorFields(e));
    if (e instanceof InvalidClientError) return null;
  }
  const location = response.get("location") as string | undefined;
  return location ? { location } : null;
}
