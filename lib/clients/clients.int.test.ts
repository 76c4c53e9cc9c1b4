import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeOrganization, makeRole, makeStaff, makeUser, roleId, uid } from "@/lib/test/factories";
import { hashCredential, issueTokens } from "@/lib/oauth/tokens";
import * as A from "./actions";
import { serviceAccount } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

let admin: { id: number };
let orgId: number;
let companyId: number;
let salesOps: number;
let dealerRole: number;

const cid = () => uid("c").toLowerCase();

function input(over: Record<string, unknown> = {}) {
  return {
    name: "ERP",
    clientId: cid(),
    confidential: true,
    grants: ["client_credentials"],
    redirectUris: [],
    scopes: ["orders:read"],
    accessTokenSeconds: 3600,
    refreshTokenSeconds: 2592000,
    rateLimitPerMinute: 600,
    enabled: true,
    binding: "STAFF",
    organizationId: orgId,
    companyId: null,
    roleIds: [salesOps],
    ...over,
  };
}

async function created(over: Record<string, unknown> = {}) {
  const res = await A.saveClientAction(input(over));
  if (!res.ok) throw new Error(`create failed: ${res.message}`);
  return res.data;
}

beforeAll(async () => {
  admin = await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] });
  orgId = (await makeOrganization()).id;
  companyId = (await makeCompany()).id;
  salesOps = await roleId("SALES_OPS");
  dealerRole = await roleId("DEALER");
  setTestLocale("en-US");
});

describe("system/client: create", () => {
  it("creates a staff-bound confidential client with its service user, the secret stored only as its hash", async () => {
    await actAs(admin);
    const out = await created({ name: "ERP staff" });
    expect(out.secret).toMatch(/^dps_/);
    const c = await db().oAuthClient.findUniqueOrThrow({ where: { id: out.id }, include: { secrets: true } });
    expect(c.secrets).toHaveLength(1);
    expect(c.secrets[0].hash).toBe(hashCredential(out.secret!));
    expect(c.secrets[0].hint).toBe(out.secret!.slice(-4));
    expect(c.secrets[0].expiresAt).toBeNull();
    const u = await db().user.findUniqueOrThrow({ where: { id: c.serviceUserId! }, include: { roles: true, companies: true } });
    expect(u).toMatchObject({ service: true, account: serviceAccount(c.clientId), passwordHash: "!", status: "ACTIVE", userType: "STAFF", organizationId: orgId });
    expect(u.roles.map((r) => r.roleId)).toEqual([salesOps]);
    expect(u.companies).toEqual([]);
    // Nowhere in clear: not in the client's rows, not in the audit log.
    const audits = await db().auditLog.findMany({ where: { entity: "OAuthClient", entityId: String(out.id) } });
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify({ c, audits })).not.toContain(out.secret!);
    expect(JSON.stringify({ c, audits })).not.toContain(out.secret!.slice(4, 20));
  });

  it("creates a dealer-bound client: a DEALER service user of that one company", async () => {
    await actAs(admin);
    const out = await created({ binding: "DEALER", organizationId: null, companyId, roleIds: [dealerRole] });
    const c = await db().oAuthClient.findUniqueOrThrow({ where: { id: out.id } });
    const u = await db().user.findUniqueOrThrow({ where: { id: c.serviceUserId! }, include: { roles: true, companies: true } });
    expect(u).toMatchObject({ service: true, userType: "DEALER", organizationId: null });
    expect(u.companies.map((x) => x.companyId)).toEqual([companyId]);
    expect(u.roles.map((r) => r.roleId)).toEqual([dealerRole]);
  });

  it("creates a public PKCE client with no secret and no service user, and generates the client id when left blank", async () => {
    await actAs(admin);
    const out = await created({
      clientId: "",
      confidential: false,
      grants: ["authorization_code", "refresh_token"],
      redirectUris: ["com.example.app:/callback", "http://127.0.0.1:8123/cb"],
      binding: null,
      organizationId: null,
      roleIds: [],
    });
    expect(out.secret).toBeNull();
    expect(out.clientId).toMatch(/^dp-[a-z0-9]{12}$/);
    const c = await db().oAuthClient.findUniqueOrThrow({ where: { id: out.id }, include: { secrets: true } });
    expect(c.secrets).toEqual([]);
    expect(c.serviceUserId).toBeNull();
  });

  it("refuses the administrator role for a service user", async () => {
    await actAs(admin);
    const res = await A.saveClientAction(input({ roleIds: [await roleId("ADMIN")] }));
    expect(res).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(res.ok ? null : res.fieldErrors?.roleIds).toBeTruthy();
  });
});

describe("system/client: validation names the field in both languages", () => {
  const cases: { name: string; over: Record<string, unknown>; field: string; en: string; zh: string }[] = [
    { name: "a client id out of pattern", over: { clientId: "AB" }, field: "clientId", en: "Client ID", zh: "客户端 ID" },
    { name: "an access lifetime below 60", over: { accessTokenSeconds: 59 }, field: "accessTokenSeconds", en: "Access token lifetime", zh: "访问令牌有效期" },
    { name: "a rate limit above 100000", over: { rateLimitPerMinute: 100001 }, field: "rateLimitPerMinute", en: "Rate limit", zh: "限流" },
    { name: "an unknown scope", over: { scopes: ["everything"] }, field: "scopes", en: "Scopes", zh: "权限范围" },
    {
      name: "an http redirect to another host",
      over: { grants: ["authorization_code"], redirectUris: ["http://example.com/cb"] },
      field: "redirectUris",
      en: "Redirect URIs",
      zh: "回调地址",
    },
    {
      name: "a redirect with a fragment",
      over: { grants: ["authorization_code"], redirectUris: ["https://example.com/cb#x"] },
      field: "redirectUris",
      en: "Redirect URIs",
      zh: "回调地址",
    },
    { name: "authorization code without a redirect", over: { grants: ["authorization_code"], redirectUris: [] }, field: "redirectUris", en: "Redirect URIs", zh: "回调地址" },
    {
      name: "client credentials on a public client",
      over: { confidential: false, grants: ["authorization_code", "client_credentials"], redirectUris: ["https://a.example/cb"] },
      field: "grants",
      en: "Grants",
      zh: "授权方式",
    },
    {
      name: "refresh token without authorization code",
      over: { grants: ["client_credentials", "refresh_token"] },
      field: "grants",
      en: "Grants",
      zh: "授权方式",
    },
    { name: "client credentials without roles", over: { roleIds: [] }, field: "roleIds", en: "Roles", zh: "角色" },
  ];
  for (const c of cases)
    it(`refuses ${c.name}`, async () => {
      await actAs(admin);
      for (const [locale, word] of [
        ["en-US", c.en],
        ["zh-CN", c.zh],
      ] as const) {
        setTestLocale(locale);
        const res = await A.saveClientAction(input(c.over));
        expect(res.ok).toBe(false);
        if (res.ok) continue;
        expect(res.code).toBe("VALIDATION");
        expect(res.fieldErrors?.[c.field]).toContain(word);
      }
      setTestLocale("en-US");
    });

  it("refuses a client id already taken, naming it", async () => {
    await actAs(admin);
    const first = await created();
    const res = await A.saveClientAction(input({ clientId: first.clientId }));
    expect(res).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(res.ok ? "" : res.fieldErrors?.clientId).toContain("Client ID");
  });
});

describe("system/client: secrets", () => {
  it("rotation keeps the previous secret valid for the overlap, then a rotation of 0 ends the others at once", async () => {
    await actAs(admin);
    const out = await created();
    const before = Date.now();
    const r1 = await A.rotateClientSecretAction({ id: out.id, overlapHours: 24 });
    expect(r1.ok).toBe(true);
    if (!r1.ok) return;
    const rows = await db().oAuthClientSecret.findMany({ where: { clientId: out.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.hash)).toEqual([hashCredential(out.secret!), hashCredential(r1.data.secret)]);
    const oldExpiry = rows[0].expiresAt!.getTime();
    expect(oldExpiry).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 1000);
    expect(oldExpiry).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 1000);
    expect(rows[1].expiresAt).toBeNull();
    // The old secret is still valid (expiresAt in the future): what the token endpoint checks.
    const valid = await db().oAuthClientSecret.count({
      where: { clientId: out.id, hash: hashCredential(out.secret!), OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    });
    expect(valid).toBe(1);
    // An unexpired secret cannot be removed.
    expect(await A.removeClientSecretAction({ id: out.id, secretId: rows[0].id })).toMatchObject({ ok: false, code: "CONFLICT" });

    const r2 = await A.rotateClientSecretAction({ id: out.id, overlapHours: 0 });
    expect(r2.ok).toBe(true);
    const after = await db().oAuthClientSecret.findMany({ where: { clientId: out.id }, orderBy: { id: "asc" } });
    expect(after).toHaveLength(3);
    expect(after[0].expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after[1].expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after[2].expiresAt).toBeNull();
    expect(await A.removeClientSecretAction({ id: out.id, secretId: after[0].id })).toMatchObject({ ok: true });
    expect(await db().oAuthClientSecret.count({ where: { clientId: out.id } })).toBe(2);
    const audits = await db().auditLog.findMany({ where: { entity: "OAuthClient", entityId: String(out.id) } });
    expect(JSON.stringify(audits)).not.toContain(r1.ok ? r1.data.secret : "");
  });

  it("refuses an overlap above 168 hours, naming the field", async () => {
    await actAs(admin);
    const out = await created();
    const res = await A.rotateClientSecretAction({ id: out.id, overlapHours: 169 });
    expect(res).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(res.ok ? "" : res.fieldErrors?.overlapHours).toContain("Overlap");
  });
});

async function tokenFor(clientId: number, userId: number) {
  return issueTokens({ clientId, userId, companyId: null, scopes: ["orders:read"], accessSeconds: 3600, refreshSeconds: null });
}

describe("system/client: tokens", () => {
  it("disabling revokes the client's tokens in the same change", async () => {
    await actAs(admin);
    const out = await created();
    const c = await db().oAuthClient.findUniqueOrThrow({ where: { id: out.id } });
    const tok = await tokenFor(out.id, c.serviceUserId!);
    const res = await A.setClientEnabledAction({ id: out.id, enabled: false });
    expect(res).toMatchObject({ ok: true, data: { revokedTokens: 1 } });
    expect((await db().oAuthToken.findUniqueOrThrow({ where: { id: tok.tokenId } })).revokedAt).not.toBeNull();
    expect((await db().oAuthClient.findUniqueOrThrow({ where: { id: out.id } })).enabled).toBe(false);
  });

  it("changing the scopes or the binding revokes the tokens; a rename does not", async () => {
    await actAs(admin);
    const out = await created();
    const c = await db().oAuthClient.findUniqueOrThrow({ where: { id: out.id } });
    const base = input({ id: out.id, clientId: out.clientId });
    const t1 = await tokenFor(out.id, c.serviceUserId!);
    expect(await A.saveClientAction({ ...base, name: "Renamed" })).toMatchObject({ ok: true, data: { revokedTokens: 0 } });
    expect((await db().oAuthToken.findUniqueOrThrow({ where: { id: t1.tokenId } })).revokedAt).toBeNull();
    expect(await A.saveClientAction({ ...base, scopes: ["orders:write"] })).toMatchObject({ ok: true, data: { revokedTokens: 1 } });
    const t2 = await tokenFor(out.id, c.serviceUserId!);
    expect(await A.saveClientAction({ ...base, scopes: ["orders:write"], binding: "DEALER", organizationId: null, companyId, roleIds: [dealerRole] })).toMatchObject({
      ok: true,
      data: { revokedTokens: 1 },
    });
    expect((await db().oAuthToken.findUniqueOrThrow({ where: { id: t2.tokenId } })).revokedAt).not.toBeNull();
    const u = await db().user.findUniqueOrThrow({ where: { id: c.serviceUserId! }, include: { companies: true } });
    expect(u.userType).toBe("DEALER");
    expect(u.companies.map((x) => x.companyId)).toEqual([companyId]);
  });

  it("revokes all tokens on request, and deletes only a client that never issued one", async () => {
    await actAs(admin);
    const used = await created();
    const c = await db().oAuthClient.findUniqueOrThrow({ where: { id: used.id } });
    await tokenFor(used.id, c.serviceUserId!);
    expect(await A.revokeClientTokensAction({ id: used.id })).toMatchObject({ ok: true, data: { revokedTokens: 1 } });
    expect(await A.deleteClientAction({ id: used.id })).toMatchObject({ ok: false, code: "CONFLICT" });
    const unused = await created();
    const su = (await db().oAuthClient.findUniqueOrThrow({ where: { id: unused.id } })).serviceUserId!;
    expect(await A.deleteClientAction({ id: unused.id })).toMatchObject({ ok: true });
    expect(await db().oAuthClient.count({ where: { id: unused.id } })).toBe(0);
    expect(await db().user.count({ where: { id: su } })).toBe(0);
  });
});

describe("system/client: who may", () => {
  it("refuses a staff user without the permission, changing nothing", async () => {
    await actAs(await makeStaff());
    const i = input();
    const res = await A.saveClientAction(i);
    expect(res).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await db().oAuthClient.count({ where: { clientId: i.clientId as string } })).toBe(0);
    await actAs(admin);
    const out = await created();
    await actAs(await makeStaff());
    expect(await A.setClientEnabledAction({ id: out.id, enabled: false })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await A.rotateClientSecretAction({ id: out.id, overlapHours: 0 })).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("a staff user granted client:create binds only roles within their own (the ceiling)", async () => {
    const menus = await db().menu.findMany({ where: { OR: [{ path: "system/client" }, { permission: "client:create" }] }, select: { id: true } });
    const mine = await makeRole({ menuIds: menus.map((m) => m.id) });
    await actAs(await makeStaff({ roleIds: [mine.id], organizationId: orgId }));
    const beyond = await A.saveClientAction(input({ roleIds: [salesOps] }));
    expect(beyond).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const within = await A.saveClientAction(input({ roleIds: [mine.id] }));
    expect(within.ok).toBe(true);
  });
});

describe("system/client: concurrency", () => {
  it("two creates of the same client id at once make one client and one clean conflict", async () => {
    await actAs(admin);
    const clientId = cid();
    const results = await Promise.all([A.saveClientAction(input({ clientId })), A.saveClientAction(input({ clientId }))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const failed = results.find((r) => !r.ok);
    expect(failed).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(failed && !failed.ok ? failed.fieldErrors?.clientId : "").toContain("Client ID");
    expect(await db().oAuthClient.count({ where: { clientId } })).toBe(1);
    expect(await db().user.count({ where: { account: serviceAccount(clientId) } })).toBe(1);
  });
});
