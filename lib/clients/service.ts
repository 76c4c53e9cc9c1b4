import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { checkAssignment, loadCeiling } from "@/lib/access/ceiling";
import { companyScopeWhere } from "@/lib/access/scope";
import type { Viewer } from "@/lib/auth/viewer";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma, type UserType } from "@/lib/generated/prisma/client";
import { hashCredential, hintOf, newCredential, revokeClientTokens } from "@/lib/oauth/tokens";
import { clientRuleIssues, generatedClientId, type TClientEnable, type TClientRotate, type TClientSave, type TSecretRemove } from "./schemas";

// system/client: the administration of the REST API's OAuth clients (docs/DECISIONS.md,
// "Issue 22 — client administration"). Every write is one transaction with its audit row.
// A secret is made here, stored only as its SHA-256 and its last four characters, and handed
// back once to the caller (the screen's modal); it is never logged nor audited.

const CLIENT = {
  id: true,
  clientId: true,
  name: true,
  confidential: true,
  grants: true,
  redirectUris: true,
  scopes: true,
  accessTokenSeconds: true,
  refreshTokenSeconds: true,
  rateLimitPerMinute: true,
  enabled: true,
  serviceUserId: true,
} as const;

type ClientRow = Prisma.OAuthClientGetPayload<{ select: typeof CLIENT }>;
type Binding = { userType: UserType; organizationId: number | null; companyIds: number[]; roleIds: number[]; status: string } | null;

const sorted = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);
const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) => {
  const x = [...new Set(a)].map(String).sort();
  const y = [...new Set(b)].map(String).sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** The service user's account: `svc-<clientId>`, shortened with a hash when over the column's 50. */
export function serviceAccount(clientId: string): string {
  const plain = `svc-${clientId}`;
  if (plain.length <= 50) return plain;
  return `svc-${clientId.slice(0, 37)}-${createHash("sha256").update(clientId).digest("hex").slice(0, 8)}`;
}

/** An unusable password hash: no password verifies against it (and lib/auth/credentials.ts refuses service users anyway). */
const NO_PASSWORD = "!";

function ruleCheck(input: TClientSave) {
  const issue = clientRuleIssues(input)[0];
  if (issue) throw new DomainError(issue.key, issue.values ?? {}, issue.field, 422);
}

async function lockClient(tx: Tx, id: number): Promise<ClientRow> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "OAuthClient" WHERE "id" = ${id} FOR UPDATE`;
  if (!rows.length) throw new NotFoundError();
  return tx.oAuthClient.findUniqueOrThrow({ where: { id }, select: CLIENT });
}

async function bindingOf(tx: Tx, userId: number | null): Promise<Binding> {
  if (!userId) return null;
  const u = await tx.user.findUnique({
    where: { id: userId },
    select: { userType: true, organizationId: true, status: true, roles: { select: { roleId: true } }, companies: { select: { companyId: true } } },
  });
  if (!u) return null;
  return {
    userType: u.userType,
    organizationId: u.organizationId,
    status: u.status,
    roleIds: sorted(u.roles.map((r) => r.roleId)),
    companyIds: sorted(u.companies.map((c) => c.companyId)),
  };
}

/** What the audit keeps of a client: its settings and binding, never a secret. */
function snapshot(c: ClientRow, binding: Binding) {
  const { serviceUserId, ...rest } = c;
  return {
    ...rest,
    serviceUserId,
    binding:
      binding && binding.status === "ACTIVE"
        ? { userType: binding.userType, organizationId: binding.organizationId, companyIds: binding.companyIds, roleIds: binding.roleIds }
        : null,
  };
}

/** The binding the input asks for (null: the client has no client-credentials grant). */
async function wantedBinding(tx: Tx, viewer: Viewer, input: TClientSave): Promise<Exclude<Binding, null> | null> {
  if (!input.grants.includes("client_credentials")) return null;
  const roleIds = sorted(input.roleIds);
  const roles = await tx.role.findMany({ where: { id: { in: roleIds } }, select: { code: true } });
  if (roles.length !== roleIds.length) throw new DomainError("Clients.errors.unknownRole", {}, "roleIds", 422);
  // A service user never administers: no integration needs the ADMIN role, and a leaked secret must not give it.
  if (roles.some((r) => r.code === "ADMIN")) throw new DomainError("Clients.errors.adminRole", {}, "roleIds", 422);
  if (input.binding === "STAFF") {
    if (!(await tx.organization.findUnique({ where: { id: input.organizationId! }, select: { id: true } })))
      throw new DomainError("Clients.errors.unknownOrganization", {}, "organizationId", 422);
    return { userType: "STAFF", organizationId: input.organizationId!, companyIds: [], roleIds, status: "ACTIVE" };
  }
  const company = await tx.company.findFirst({ where: { AND: [{ id: input.companyId! }, await companyScopeWhere(viewer)] }, select: { id: true, status: true } });
  if (!company) throw new DomainError("Clients.errors.unknownCompany", {}, "companyId", 422);
  if (company.status !== "ACTIVE") throw new DomainError("Clients.errors.companyDisabled", {}, "companyId", 422);
  return { userType: "DEALER", organizationId: null, companyIds: [company.id], roleIds, status: "ACTIVE" };
}

/**
 * Creates or updates the client's service user to the wanted binding, in the caller's
 * transaction; the roles it gains are checked against the editor's own (lib/access/ceiling.ts).
 * Without the client-credentials grant an existing service user is disabled and loses its roles
 * (kept, so the account name stays the client's). Answers the service user's id.
 */
async function syncServiceUser(
  tx: Tx,
  viewer: Viewer,
  c: { clientId: string; name: string; serviceUserId: number | null },
  before: Binding,
  want: Binding,
): Promise<number | null> {
  const holderBefore = before && before.status === "ACTIVE" ? { userType: before.userType, organizationId: before.organizationId, roleIds: before.roleIds } : null;
  const holderAfter = want
    ? { userType: want.userType, organizationId: want.organizationId, roleIds: want.roleIds }
    : { userType: before?.userType ?? ("STAFF" as UserType), organizationId: null, roleIds: [] };
  await checkAssignment(tx, await loadCeiling(tx, viewer), holderBefore, holderAfter);
  if (!want) {
    if (!c.serviceUserId) return null;
    await tx.user.update({ where: { id: c.serviceUserId }, data: { status: "DISABLED", sessionsValidFrom: new Date() } });
    await tx.userRole.deleteMany({ where: { userId: c.serviceUserId } });
    await tx.userCompany.deleteMany({ where: { userId: c.serviceUserId } });
    return c.serviceUserId;
  }
  const data = { name: c.name.slice(0, 50), userType: want.userType, organizationId: want.organizationId, status: "ACTIVE" as const, service: true };
  let userId = c.serviceUserId;
  if (userId) await tx.user.update({ where: { id: userId }, data });
  else {
    const account = serviceAccount(c.clientId);
    if (await tx.user.findUnique({ where: { account }, select: { id: true } })) throw new DomainError("Clients.errors.clientIdTaken", { clientId: c.clientId }, "clientId", 409);
    userId = (await tx.user.create({ data: { ...data, account, passwordHash: NO_PASSWORD }, select: { id: true } })).id;
  }
  await tx.userRole.deleteMany({ where: { userId } });
  await tx.userCompany.deleteMany({ where: { userId } });
  await tx.userRole.createMany({ data: want.roleIds.map((roleId) => ({ userId: userId!, roleId })) });
  await tx.userCompany.createMany({ data: want.companyIds.map((companyId) => ({ userId: userId!, companyId })) });
  return userId;
}

function bindingChanged(before: Binding, after: Binding): boolean {
  const on = (b: Binding) => (b && b.status === "ACTIVE" ? b : null);
  const a = on(before);
  const b = on(after);
  if (!a || !b) return a !== b;
  return a.userType !== b.userType || a.organizationId !== b.organizationId || !sameSet(a.companyIds, b.companyIds) || !sameSet(a.roleIds, b.roleIds);
}

async function addSecret(tx: Tx, clientId: number, now: Date): Promise<{ secret: string; secretId: number; hint: string }> {
  const secret = newCredential("secret");
  const row = await tx.oAuthClientSecret.create({ data: { clientId, hash: hashCredential(secret), hint: hintOf(secret), createdAt: now }, select: { id: true } });
  return { secret, secretId: row.id, hint: hintOf(secret) };
}

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";

export type SavedClient = { id: number; clientId: string; secret: string | null; revokedTokens: number };

export async function createClient(viewer: Viewer, ctx: AuditCtx, input: TClientSave): Promise<SavedClient> {
  ruleCheck(input);
  const clientId = input.clientId || generatedClientId((n) => randomBytes(n));
  try {
    return await db().$transaction(async (tx) => {
      if (await tx.oAuthClient.findUnique({ where: { clientId }, select: { id: true } })) throw new DomainError("Clients.errors.clientIdTaken", { clientId }, "clientId", 409);
      const want = await wantedBinding(tx, viewer, input);
      const serviceUserId = await syncServiceUser(tx, viewer, { clientId, name: input.name, serviceUserId: null }, null, want);
      const now = new Date();
      const c = await tx.oAuthClient.create({
        data: { clientId, ...settingsOf(input, serviceUserId), createdById: viewer.userId },
        select: CLIENT,
      });
      const made = input.confidential ? await addSecret(tx, c.id, now) : null;
      await audit(tx, ctx, "OAuthClient", c.id, "create", null, { ...snapshot(c, await bindingOf(tx, serviceUserId)), secretId: made?.secretId ?? null });
      return { id: c.id, clientId, secret: made?.secret ?? null, revokedTokens: 0 };
    });
  } catch (err) {
    // Two administrators creating the same client id at once: the second meets the unique index.
    if (isUniqueViolation(err)) throw new DomainError("Clients.errors.clientIdTaken", { clientId }, "clientId", 409);
    throw err;
  }
}

/** The columns a client's form sets, lists without repeats. */
function settingsOf(input: TClientSave, serviceUserId: number | null) {
  return {
    name: input.name,
    confidential: input.confidential,
    grants: [...new Set(input.grants)],
    redirectUris: [...new Set(input.redirectUris)],
    scopes: [...new Set(input.scopes)],
    accessTokenSeconds: input.accessTokenSeconds,
    refreshTokenSeconds: input.refreshTokenSeconds,
    rateLimitPerMinute: input.rateLimitPerMinute,
    enabled: input.enabled,
    serviceUserId,
  };
}

/**
 * Saves a client's settings (its client id never changes). Changing its scopes or its binding
 * revokes its open tokens, so no token keeps what the client no longer has; turning it public
 * removes its secrets, turning it confidential makes one (answered once).
 */
export async function updateClient(viewer: Viewer, ctx: AuditCtx, input: TClientSave & { id: number }): Promise<SavedClient> {
  ruleCheck(input);
  return db().$transaction(async (tx) => {
    const before = await lockClient(tx, input.id);
    const bindingBefore = await bindingOf(tx, before.serviceUserId);
    const want = await wantedBinding(tx, viewer, input);
    const serviceUserId = await syncServiceUser(tx, viewer, { clientId: before.clientId, name: input.name, serviceUserId: before.serviceUserId }, bindingBefore, want);
    const now = new Date();
    const after = await tx.oAuthClient.update({
      where: { id: input.id },
      data: settingsOf(input, serviceUserId),
      select: CLIENT,
    });
    const bindingAfter = await bindingOf(tx, serviceUserId);
    let made: Awaited<ReturnType<typeof addSecret>> | null = null;
    if (!after.confidential && before.confidential) await tx.oAuthClientSecret.deleteMany({ where: { clientId: after.id } });
    if (after.confidential && !before.confidential) made = await addSecret(tx, after.id, now);
    const revoke =
      !after.enabled ||
      !sameSet(before.scopes, after.scopes) ||
      !sameSet(before.grants, after.grants) ||
      before.confidential !== after.confidential ||
      bindingChanged(bindingBefore, bindingAfter);
    const revokedTokens = revoke ? await revokeClientTokens(after.id, { tx, now }) : 0;
    await audit(tx, ctx, "OAuthClient", after.id, "update", snapshot(before, bindingBefore), { ...snapshot(after, bindingAfter), revokedTokens, secretId: made?.secretId ?? null });
    return { id: after.id, clientId: after.clientId, secret: made?.secret ?? null, revokedTokens };
  });
}

/** Enables or disables a client; disabling revokes its tokens at once, in the same transaction. */
export async function setClientEnabled(ctx: AuditCtx, input: TClientEnable) {
  return db().$transaction(async (tx) => {
    const before = await lockClient(tx, input.id);
    if (before.enabled === input.enabled) return { id: input.id, enabled: input.enabled, revokedTokens: 0 };
    const now = new Date();
    await tx.oAuthClient.update({ where: { id: input.id }, data: { enabled: input.enabled } });
    const revokedTokens = input.enabled ? 0 : await revokeClientTokens(input.id, { tx, now });
    await audit(tx, ctx, "OAuthClient", input.id, input.enabled ? "enable" : "disable", { enabled: before.enabled }, { enabled: input.enabled, revokedTokens });
    return { id: input.id, enabled: input.enabled, revokedTokens };
  });
}

/**
 * A new secret; the secrets before it stay valid for the overlap (hours, 0: not at all) so the
 * integration can switch over. A secret already expiring sooner keeps its earlier expiry.
 */
export async function rotateSecret(ctx: AuditCtx, input: TClientRotate): Promise<{ id: number; secret: string; hint: string; previousExpireAt: string }> {
  return db().$transaction(async (tx) => {
    const c = await lockClient(tx, input.id);
    if (!c.confidential) throw new DomainError("Clients.errors.publicNoSecret", {}, undefined, 409);
    const now = new Date();
    const until = new Date(now.getTime() + input.overlapHours * 3600_000);
    await tx.oAuthClientSecret.updateMany({ where: { clientId: c.id, OR: [{ expiresAt: null }, { expiresAt: { gt: until } }] }, data: { expiresAt: until } });
    const made = await addSecret(tx, c.id, now);
    await audit(tx, ctx, "OAuthClient", c.id, "rotateSecret", null, { secretId: made.secretId, overlapHours: input.overlapHours, previousExpireAt: until.toISOString() });
    return { id: c.id, secret: made.secret, hint: made.hint, previousExpireAt: until.toISOString() };
  });
}

/** Removes a secret that has expired (rotated out); a valid one is refused. */
export async function removeExpiredSecret(ctx: AuditCtx, input: TSecretRemove) {
  return db().$transaction(async (tx) => {
    await lockClient(tx, input.id);
    const s = await tx.oAuthClientSecret.findFirst({ where: { id: input.secretId, clientId: input.id }, select: { id: true, expiresAt: true } });
    if (!s) throw new NotFoundError();
    if (!s.expiresAt || s.expiresAt > new Date()) throw new DomainError("Clients.errors.secretStillValid", {}, undefined, 409);
    await tx.oAuthClientSecret.delete({ where: { id: s.id } });
    await audit(tx, ctx, "OAuthClient", input.id, "removeSecret", { secretId: s.id, expiresAt: s.expiresAt.toISOString() }, null);
    return { id: input.id, secretId: s.id };
  });
}

/** Revokes every open token of the client (it stays enabled). */
export async function revokeAllTokens(ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    await lockClient(tx, id);
    const revokedTokens = await revokeClientTokens(id, { tx });
    await audit(tx, ctx, "OAuthClient", id, "revokeTokens", null, { revokedTokens });
    return { id, revokedTokens };
  });
}

/** Deletes a client that never issued a token (and its service user); otherwise disable it. */
export async function deleteClient(ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const before = await lockClient(tx, id);
    if ((await tx.oAuthToken.count({ where: { clientId: id } })) > 0) throw new DomainError("Clients.errors.hasTokens", {}, undefined, 409);
    const binding = await bindingOf(tx, before.serviceUserId);
    await tx.oAuthClient.delete({ where: { id } });
    if (before.serviceUserId) await tx.user.delete({ where: { id: before.serviceUserId } });
    await audit(tx, ctx, "OAuthClient", id, "delete", snapshot(before, binding), null);
    return { id };
  });
}
