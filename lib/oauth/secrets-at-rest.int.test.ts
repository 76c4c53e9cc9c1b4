import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as goodsList } from "@/app/api/v1/goods/route";
import { audit } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { registerDevice } from "@/lib/devices/register";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, roleId, uid } from "@/lib/test/factories";
import { scanDatabase, type Query } from "./leak-scan";
import { hashCredential, hintOf, issueTokens, newCredential, revokeClientTokens, revokeDeviceTokens, revokeFamily } from "./tokens";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 22: client secrets, codes and tokens are stored only as SHA-256 hashes. A client with
// secrets (one rotated, in its overlap), a code, tokens issued, used, refreshed (rotated),
// revoked by family, by device and by client, with their audit rows; then every text, varchar,
// text[] and json column of every table (the OAuth tables and AuditLog among them, and whatever
// the other test files left) is scanned for a credential in clear (lib/oauth/leak-scan.ts). The
// scanner itself is shown to find a planted one in each kind of column.

const query: Query = (sql) => db().$queryRawUnsafe<Record<string, unknown>[]>(sql);
const plaintexts: string[] = [];
let user: { id: number };
let companyId: number;

beforeAll(async () => {
  setTestLocale("en-US");
  await actAs(null);
  companyId = (await makeCompany()).id;
  user = await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [await roleId("DEALER")] });
});

describe("OAuth credentials at rest", () => {
  it("leaves only hashes after secrets, codes, tokens, refreshes and revocations", async () => {
    const ctx = { userId: user.id, companyId: null, requestId: "test-secrets" };
    // The client and its secrets, as the client screen makes them: shown once, stored hashed.
    const client = await db().$transaction(async (tx) => {
      const c = await tx.oAuthClient.create({
        data: {
          clientId: uid("sec"),
          name: "Secrets",
          grants: ["authorization_code", "refresh_token", "client_credentials"],
          redirectUris: ["https://app.example/cb"],
          scopes: ["goods:read"],
        },
      });
      for (const expiresAt of [new Date(Date.now() + 86_400_000), null]) {
        const secret = newCredential("secret");
        plaintexts.push(secret);
        await tx.oAuthClientSecret.create({ data: { clientId: c.id, hash: hashCredential(secret), hint: hintOf(secret), expiresAt } });
      }
      await audit(tx, ctx, "OAuthClient", c.id, "create", null, { ...c, secrets: await tx.oAuthClientSecret.findMany({ where: { clientId: c.id }, select: { hint: true } }) });
      return c;
    });
    // An authorization code, exchanged.
    const code = newCredential("code");
    plaintexts.push(code);
    await db().oAuthCode.create({
      data: {
        hash: hashCredential(code),
        clientId: client.id,
        userId: user.id,
        companyId,
        redirectUri: "https://app.example/cb",
        scopes: ["goods:read"],
        codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        codeChallengeMethod: "S256",
        expiresAt: new Date(Date.now() + 60_000),
        usedAt: new Date(),
      },
    });
    // Tokens of a device: issued, used, refreshed (the old pair rotated), revoked.
    const deviceId = await db().$transaction((tx) => registerDevice(tx, user.id, { deviceId: uid("dev"), platform: "ANDROID", pushToken: "push-1" }));
    const first = await issueTokens({ clientId: client.id, userId: user.id, companyId, scopes: ["goods:read"], deviceId, accessSeconds: 600, refreshSeconds: 3600 });
    const used = await goodsList(new NextRequest("http://localhost/customerWeb/api/v1/goods?kind=PART", { headers: { authorization: `Bearer ${first.accessToken}` } }));
    expect(used.status).toBe(200);
    const second = await db().$transaction(async (tx) => {
      await tx.oAuthToken.update({ where: { id: first.tokenId }, data: { rotatedAt: new Date() } });
      const t = await issueTokens(
        { clientId: client.id, userId: user.id, companyId, scopes: ["goods:read"], deviceId, familyId: first.familyId, accessSeconds: 600, refreshSeconds: 3600 },
        { tx },
      );
      await audit(tx, ctx, "OAuthToken", t.tokenId, "refresh", { id: first.tokenId }, { id: t.tokenId, familyId: t.familyId });
      return t;
    });
    const service = await issueTokens({ clientId: client.id, userId: user.id, companyId, scopes: ["goods:read"], accessSeconds: 600, refreshSeconds: null });
    plaintexts.push(first.accessToken, first.refreshToken!, second.accessToken, second.refreshToken!, service.accessToken);
    await revokeFamily(first.familyId);
    await revokeDeviceTokens(deviceId);
    await revokeClientTokens(client.id);

    // Only hashes in the OAuth tables…
    for (const p of plaintexts) {
      const h = hashCredential(p);
      const [row] = await query(`SELECT
        (SELECT count(*) FROM "OAuthClientSecret" WHERE hash = '${h}')::int +
        (SELECT count(*) FROM "OAuthCode" WHERE hash = '${h}')::int +
        (SELECT count(*) FROM "OAuthToken" WHERE "accessHash" = '${h}' OR "refreshHash" = '${h}')::int AS n`);
      expect(row.n, p.slice(0, 4)).toBe(1);
    }
    // …and no credential in clear anywhere in the database.
    expect(await scanDatabase(query)).toEqual([]);
  });

  it("finds a credential planted in a text, a text[] and a json column (rolled back)", async () => {
    const planted = newCredential("refresh");
    class Rollback extends Error {}
    let hits: Awaited<ReturnType<typeof scanDatabase>> = [];
    await expect(
      db().$transaction(async (tx) => {
        const client = await tx.oAuthClient.create({ data: { clientId: uid("bad"), name: "Bad", grants: [], redirectUris: [`https://x.example/cb?t=${planted}`], scopes: [] } });
        await tx.notification.create({ data: { userId: user.id, event: "test", title: "Leak", content: `here ${planted}` } });
        await audit(tx, { userId: user.id, companyId: null, requestId: null }, "OAuthClient", client.id, "create", null, { secret: planted });
        hits = await scanDatabase((sql) => tx.$queryRawUnsafe<Record<string, unknown>[]>(sql));
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(hits.map((h) => h.where).sort()).toEqual(["AuditLog.after", "Notification.content", "OAuthClient.redirectUris"]);
    for (const h of hits) expect(h.sample).not.toContain(planted.slice(8));
  });
});
