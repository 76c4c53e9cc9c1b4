import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeAddress, makeComplaint, makeCompany, makeGoods, makeOrder, makePreOrder, makeReturn, makeUser, roleId, uid } from "@/lib/test/factories";
import { PUBLIC_API_PATHS, SCOPE_AREAS, SCOPES, scopeNeeded } from "./scopes";
import { issueTokens } from "./tokens";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 22: the authorization matrix of the REST API repeated with bearer tokens, against every
// route handler and method under app/api/v1 (found on disk, like lib/api/openapi.test.ts, so a
// new endpoint is covered without touching this file) but the public ones. One world is seeded
// once (dealer companies A and B with a record of every kind, an administrator, a dealer
// without roles, clients and tokens) and every endpoint is called for each row of the matrix:
//   no token, garbage / expired / revoked / rotated token, a disabled client, a disabled user,
//   a token issued before the user's sessionsValidFrom      → 401, WWW-Authenticate invalid_token
//   scopes without the endpoint's area, a read scope on a write → 403 insufficient_scope
//   every scope, a user without the permission               → 403
//   every scope, A's dealer, B's ids                         → 404 (refused), B's rows unchanged
//   every scope, A's dealer, the lists                       → none of another company's rows
// and an administrator restricted to goods:read reaches neither /admin exports nor order writes.

type Handler = (req: NextRequest, route?: { params?: Promise<Record<string, string>> }) => Promise<Response>;
type Endpoint = { path: string; method: string; handler: Handler; name: string };
type Answer = { status: number; body: Record<string, unknown>; text: string; headers: Headers };

const ROOT = path.join(__dirname, "..", "..", "app", "api", "v1");
const BASE = "http://localhost/customerWeb/api/v1";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir = ROOT, prefix = ""): { path: string; file: string; methods: string[] }[] {
  const out: { path: string; file: string; methods: string[] }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routeFiles(full, `${prefix}/${name.replace(/^\[(\w+)\]$/, "{$1}")}`));
    else if (name === "route.ts") {
      const src = readFileSync(full, "utf8");
      const methods = [...src.matchAll(/export (?:const|async function|function) (GET|POST|PATCH|PUT|DELETE)\b/g)].map((m) => m[1]);
      out.push({ path: prefix, file: full, methods });
    }
  }
  return out;
}

/** Endpoints any signed-in user reaches whatever their roles: their own notifications, files
 * they uploaded or may see (an upload stays the uploader's until a record it is saved with,
 * whose own permission is checked then), the download centre's granted files, the regions. */
const ANY_SIGNED_IN = new Set([
  "GET /notifications",
  "POST /notifications/read-all",
  "POST /notifications/{id}/read",
  "GET /files/{id}",
  "GET /downloads/{id}/file",
  "GET /regions",
  "POST /uploads",
]);

/** The kind of record an {id} of a path names (the path before its "/{id}"). */
const ID_KIND: Record<string, Kind | "global"> = {
  "/cart": "cartLine",
  "/complaints": "complaint",
  "/downloads": "global", // the download centre's items are the manufacturer's, for everyone
  "/files": "file",
  "/goods": "global", // the catalogue
  "/member-tiers": "global", // the programme's tiers (memberTier:manage, staff only)
  "/members": "member",
  "/notifications": "notification",
  "/orders": "order",
  "/plans": "plan",
  "/pre-orders": "preOrder",
  "/sales-returns": "salesReturn",
  "/wms/documents": "wmsDocument",
};

/** Query strings a list needs to be valid (the ledger's goods is set once seeded). */
const QUERY: Record<string, string> = { "/cart": "type=PARTS", "/orders": "type=PARTS", "/wms/documents": "type=ENTRY", "/wms/ledger": "goodsId=1" };

/** Valid bodies of the writes on an {id} (so that the answer is about the record, not a 422). */
const BODY: Record<string, unknown> = {
  "PATCH /cart/{id}": { quantity: 2 },
  "PUT /plans/{id}": { month: "2031-01", lines: [] },
  "POST /plans/{id}/return": { comment: "Check the numbers." },
  "POST /plans/{id}/adjust": { lines: [{ id: 1, quantity: 1 }] },
  "POST /members/{id}/adjust": { points: 5, reason: "Goodwill" },
  "POST /wms/documents/{id}/receive": { lines: [{ id: 1, receivedQty: 0, toLocationId: 1 }] },
  "POST /wms/documents/{id}/counts": { counts: [] },
  "POST /wms/documents/{id}/cancel": { reason: "Wrong warehouse" },
};

type Kind = "order" | "preOrder" | "complaint" | "salesReturn" | "plan" | "wmsDocument" | "member" | "address" | "cartLine" | "notification" | "file";
type World = Record<Kind, string>;

let endpoints: Endpoint[] = [];
let A: { companyId: number; dealer: number; noRoles: number; records: World; numbers: string[] };
let B: { companyId: number; dealer: number; records: World; marker: string };
let admin: { id: number };
let client: { id: number };
let disabledClient: { id: number };
let foreign: Set<string>;

const ALL_SCOPES = [...SCOPES];

async function token(userId: number, companyId: number | null, scopes: readonly string[], opts: { clientId?: number; now?: Date; accessSeconds?: number } = {}) {
  const t = await issueTokens(
    { clientId: opts.clientId ?? client.id, userId, companyId, scopes, accessSeconds: opts.accessSeconds ?? 3600, refreshSeconds: 86_400 },
    { now: opts.now },
  );
  return t;
}

function urlOf(e: Endpoint, ids: Partial<Record<string, string>> = {}): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const p = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = name === "resource" ? "regionArea" : (ids[name] ?? "999999999");
    params[name] = v;
    return v;
  });
  const q = e.method === "GET" ? QUERY[e.path] : undefined;
  return { url: `${BASE}${p}${q ? `?${q}` : ""}`, params };
}

async function call(e: Endpoint, bearer: string | null, opts: { ids?: Partial<Record<string, string>>; body?: unknown } = {}): Promise<Answer> {
  const { url, params } = urlOf(e, opts.ids);
  const headers: Record<string, string> = {};
  if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
  const init: { method: string; headers: Record<string, string>; body?: string | FormData } = { method: e.method, headers };
  if (e.method !== "GET" && e.method !== "DELETE") {
    if (e.path === "/uploads" || e.path.endsWith("/import")) {
      const form = new FormData();
      form.set("kind", "FILE");
      form.set("file", new File(["a,b\n"], "x.csv", { type: "text/csv" }));
      init.body = form;
    } else {
      headers["content-type"] = "application/json";
      init.body = JSON.stringify(opts.body ?? {});
    }
  }
  const res = await e.handler(new NextRequest(url, init), { params: Promise.resolve(params) });
  const text = res.headers.get("content-type")?.includes("json") ? await res.text() : "";
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  return { status: res.status, body, text, headers: res.headers };
}

const label = (e: Endpoint) => `${e.method} ${e.path}`;

async function seedCompany(companyId: number, dealer: number, marker: string, goods: Awaited<ReturnType<typeof makeGoods>>): Promise<World> {
  const order = await makeOrder({ companyId, userId: dealer, goods });
  const preOrder = await makePreOrder({ companyId, userId: dealer, goods });
  const complaint = await makeComplaint({ companyId, userId: dealer, description: `Complaint ${marker}` });
  const salesReturn = await makeReturn({ companyId, userId: dealer });
  const address = await makeAddress(companyId, { receiver: `R ${marker}`.slice(0, 30) });
  const cartLine = await db().cartLine.create({ data: { companyId, userId: dealer, goodsId: goods.id, quantity: 1, remark: marker } });
  const notification = await db().notification.create({ data: { userId: dealer, companyId, event: "order.submitted", title: `Note ${marker}`, content: marker } });
  const plan = await db().purchasePlan.create({ data: { planNo: uid("PP").toUpperCase(), companyId, month: new Date(Date.UTC(2031, 0, 1)), createdById: dealer, remark: marker } });
  const warehouse = await db().warehouse.create({
    data: { companyId, code: uid("W").slice(0, 10), name: `Main ${marker}`.slice(0, 30), locations: { create: [{ code: "A-01" }] } },
  });
  const wmsDocument = await db().wmsDocument.create({
    data: { docNo: uid("EN").toUpperCase(), type: "ENTRY", companyId, warehouseId: warehouse.id, source: "OTHER", createdById: dealer, remark: marker },
  });
  const member = await db().member.create({
    data: {
      memberNo: uid("M").toUpperCase(),
      phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      name: `Member ${marker}`.slice(0, 40),
      companyId,
      consentAt: new Date(),
    },
  });
  const fileId = uid("f").padEnd(24, "0");
  await db().attachment.create({
    data: {
      id: fileId,
      kind: "FILE",
      mime: "text/plain",
      ext: "txt",
      size: 4,
      sha256: "0".repeat(64),
      storageKey: `test/${fileId}`,
      originalName: `${marker}.txt`,
      uploaderId: dealer,
      companyId,
    },
  });
  return {
    order: String(order.id),
    preOrder: String(preOrder.id),
    complaint: String(complaint.id),
    salesReturn: String(salesReturn.id),
    address: String(address.id),
    cartLine: String(cartLine.id),
    notification: String(notification.id),
    plan: String(plan.id),
    wmsDocument: String(wmsDocument.id),
    member: String(member.id),
    file: fileId,
  };
}

/** Every row of company B that a request could change, to compare before and after. */
async function snapshotOf(companyId: number, userId: number): Promise<string> {
  const where = { companyId };
  const rows = await Promise.all([
    db().order.findMany({ where, orderBy: { id: "asc" } }),
    db().preOrder.findMany({ where, orderBy: { id: "asc" } }),
    db().complaint.findMany({ where, orderBy: { id: "asc" } }),
    db().salesReturn.findMany({ where, orderBy: { id: "asc" } }),
    db().address.findMany({ where, orderBy: { id: "asc" } }),
    db().cartLine.findMany({ where, orderBy: { id: "asc" } }),
    db().notification.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    db().purchasePlan.findMany({ where, orderBy: { id: "asc" }, include: { lines: true } }),
    db().wmsDocument.findMany({ where, orderBy: { id: "asc" }, include: { lines: true } }),
    db().member.findMany({ where, orderBy: { id: "asc" }, include: { entries: true } }),
    db().attachment.findMany({ where, orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify(rows);
}

beforeAll(async () => {
  setTestLocale("en-US");
  await actAs(null);
  for (const r of routeFiles()) {
    if (PUBLIC_API_PATHS.includes(r.path)) continue;
    const mod = (await import(r.file)) as Record<string, unknown>;
    for (const m of r.methods) endpoints.push({ path: r.path, method: m, handler: mod[m] as Handler, name: `${m} ${r.path}` });
  }
  endpoints = endpoints.filter((e) => METHODS.includes(e.method as (typeof METHODS)[number]));

  const dealerRole = await roleId("DEALER");
  const goods = await makeGoods({ stock: 1000 });
  QUERY["/wms/ledger"] = `goodsId=${goods.id}`;
  const ca = (await makeCompany()).id;
  const cb = (await makeCompany()).id;
  const dealerA = await makeUser({ userType: "DEALER", companyIds: [ca], roleIds: [dealerRole] });
  const dealerB = await makeUser({ userType: "DEALER", companyIds: [cb], roleIds: [dealerRole] });
  const noRoles = await makeUser({ userType: "DEALER", companyIds: [ca], roleIds: [] });
  admin = await makeUser({ userType: "ADMIN" });
  const markerA = uid("OWNA");
  const marker = uid("LEAKB");
  const recordsA = await seedCompany(ca, dealerA.id, markerA, goods);
  const recordsB = await seedCompany(cb, dealerB.id, marker, goods);
  client = await db().oAuthClient.create({
    data: { clientId: uid("matrix"), name: "Matrix", grants: ["authorization_code", "refresh_token"], redirectUris: [], scopes: ALL_SCOPES, rateLimitPerMinute: 100_000 },
  });
  disabledClient = await db().oAuthClient.create({
    data: { clientId: uid("off"), name: "Off", grants: ["authorization_code"], redirectUris: [], scopes: ALL_SCOPES, rateLimitPerMinute: 100_000, enabled: false },
  });

  // The numbers of every other company's records: none may appear in A's answers.
  const notA = { companyId: { not: ca } };
  const pick = <T>(rows: T[], f: (r: T) => string) => rows.map(f);
  foreign = new Set([
    ...pick(await db().order.findMany({ where: notA, select: { orderNo: true } }), (r) => r.orderNo),
    ...pick(await db().preOrder.findMany({ where: notA, select: { preOrderNo: true } }), (r) => r.preOrderNo),
    ...pick(await db().complaint.findMany({ where: notA, select: { complaintNo: true } }), (r) => r.complaintNo),
    ...pick(await db().salesReturn.findMany({ where: notA, select: { returnNo: true } }), (r) => r.returnNo),
    ...pick(await db().purchasePlan.findMany({ where: notA, select: { planNo: true } }), (r) => r.planNo),
    ...pick(await db().wmsDocument.findMany({ where: notA, select: { docNo: true } }), (r) => r.docNo),
    ...pick(await db().member.findMany({ where: notA, select: { memberNo: true } }), (r) => r.memberNo),
  ]);
  const own = await Promise.all([
    db()
      .order.findUniqueOrThrow({ where: { id: Number(recordsA.order) } })
      .then((r) => r.orderNo),
    db()
      .complaint.findUniqueOrThrow({ where: { id: Number(recordsA.complaint) } })
      .then((r) => r.complaintNo),
    db()
      .salesReturn.findUniqueOrThrow({ where: { id: Number(recordsA.salesReturn) } })
      .then((r) => r.returnNo),
    db()
      .wmsDocument.findUniqueOrThrow({ where: { id: Number(recordsA.wmsDocument) } })
      .then((r) => r.docNo),
  ]);
  A = { companyId: ca, dealer: dealerA.id, noRoles: noRoles.id, records: recordsA, numbers: own };
  B = { companyId: cb, dealer: dealerB.id, records: recordsB, marker };
});

const expectInvalidToken = (e: Endpoint, r: Answer, why: string) => {
  expect(r.status, `${label(e)} ${why}: ${r.text}`).toBe(401);
  expect(r.body, `${label(e)} ${why}`).toMatchObject({ code: "UNAUTHORIZED", message: expect.any(String) });
  expect(r.headers.get("www-authenticate"), `${label(e)} ${why}`).toBe('Bearer error="invalid_token"');
};

describe("bearer access to every /api/v1 endpoint", () => {
  it("finds the endpoints, each of an area (a path of no area would be out of every token's reach)", () => {
    expect(endpoints.length).toBeGreaterThan(50);
    for (const e of endpoints) expect(scopeNeeded(`/api/v1${e.path}`, e.method), label(e)).not.toBeNull();
  });

  it("answers 401 without a token (and no session)", async () => {
    await actAs(null);
    for (const e of endpoints) {
      const r = await call(e, null);
      expect(r.status, `${label(e)}: ${r.text}`).toBe(401);
      expect(r.body).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  it("answers 401 invalid_token to a garbage, expired, revoked or rotated token", async () => {
    const expired = await token(A.dealer, A.companyId, ALL_SCOPES, { now: new Date(Date.now() - 7200_000) });
    const revoked = await token(A.dealer, A.companyId, ALL_SCOPES);
    const rotated = await token(A.dealer, A.companyId, ALL_SCOPES);
    await db().oAuthToken.update({ where: { id: revoked.tokenId }, data: { revokedAt: new Date() } });
    await db().oAuthToken.update({ where: { id: rotated.tokenId }, data: { rotatedAt: new Date() } });
    const bad: [string, string][] = [
      ["garbage", "dpa_not-a-token"],
      ["empty", ""],
      ["overlong", `dpa_${"x".repeat(300)}`],
      ["a refresh token", rotated.refreshToken!],
      ["expired", expired.accessToken],
      ["revoked", revoked.accessToken],
      ["rotated", rotated.accessToken],
    ];
    for (const e of endpoints) for (const [why, t] of bad) expectInvalidToken(e, await call(e, t), why);
  });

  it("answers 401 to a token of a disabled client, of a disabled user, or issued before a password reset", async () => {
    const role = await roleId("DEALER");
    const offUser = await makeUser({ userType: "DEALER", companyIds: [A.companyId], roleIds: [role] });
    const resetUser = await makeUser({ userType: "DEALER", companyIds: [A.companyId], roleIds: [role] });
    const ofDisabledClient = await token(A.dealer, A.companyId, ALL_SCOPES, { clientId: disabledClient.id });
    const ofDisabledUser = await token(offUser.id, A.companyId, ALL_SCOPES);
    const beforeReset = await token(resetUser.id, A.companyId, ALL_SCOPES, { now: new Date(Date.now() - 1000) });
    await db().user.update({ where: { id: offUser.id }, data: { status: "DISABLED" } });
    await db().user.update({ where: { id: resetUser.id }, data: { sessionsValidFrom: new Date() } });
    for (const e of endpoints) {
      expectInvalidToken(e, await call(e, ofDisabledClient.accessToken), "disabled client");
      expectInvalidToken(e, await call(e, ofDisabledUser.accessToken), "disabled user");
      expectInvalidToken(e, await call(e, beforeReset.accessToken), "issued before sessionsValidFrom");
    }
    // …while a token issued after the reset works.
    const after = await token(resetUser.id, A.companyId, ALL_SCOPES);
    const orders = endpoints.find((e) => e.name === "GET /orders")!;
    expect((await call(orders, after.accessToken)).status).toBe(200);
  });

  it("answers 403 insufficient_scope to a token without the endpoint's area, and to a read scope on a write", async () => {
    const byArea = new Map<string, string>();
    for (const area of SCOPE_AREAS) {
      const others = ALL_SCOPES.filter((s) => !s.startsWith(`${area}:`));
      byArea.set(`${area}:other`, (await token(admin.id, null, others)).accessToken);
      byArea.set(`${area}:read`, (await token(admin.id, null, [`${area}:read`])).accessToken);
    }
    for (const e of endpoints) {
      const needed = scopeNeeded(`/api/v1${e.path}`, e.method)!;
      const area = needed.split(":")[0];
      const tries: [string, string][] = [["other areas", byArea.get(`${area}:other`)!]];
      if (needed.endsWith(":write")) tries.push(["read only", byArea.get(`${area}:read`)!]);
      for (const [why, t] of tries) {
        const r = await call(e, t);
        expect(r.status, `${label(e)} ${why}: ${r.text}`).toBe(403);
        expect(r.body).toMatchObject({ code: "FORBIDDEN", message: expect.any(String) });
        expect(r.headers.get("www-authenticate"), `${label(e)} ${why}`).toBe(`Bearer error="insufficient_scope" scope="${needed}"`);
      }
    }
  });

  it("answers 403 to a token with every scope whose user lacks the permission", async () => {
    const t = (await token(A.noRoles, A.companyId, ALL_SCOPES)).accessToken;
    for (const e of endpoints) {
      if (ANY_SIGNED_IN.has(label(e))) continue;
      // The user's own company's records, so that a check made once the record is found
      // (a document's kind decides the permission) is reached too.
      const kind = ID_KIND[/^(.*?)\/\{id\}/.exec(e.path)?.[1] ?? ""];
      const r = await call(e, t, { ids: kind && kind !== "global" ? { id: A.records[kind] } : {}, body: BODY[label(e)] });
      expect(r.status, `${label(e)}: ${r.text}`).toBe(403);
      expect(r.body).toMatchObject({ code: "FORBIDDEN" });
      expect(r.headers.get("www-authenticate"), label(e)).toBeNull();
    }
  });

  it("never shows or changes company B's records to company A's dealer token (0 leaks)", async () => {
    const before = await snapshotOf(B.companyId, B.dealer);
    const t = (await token(A.dealer, A.companyId, ALL_SCOPES)).accessToken;
    const seen: string[] = [];
    let leaks = 0;
    const check = (e: Endpoint, r: Answer) => {
      const words = r.text.match(/[A-Za-z0-9_-]{6,}/g) ?? [];
      const hits = words.filter((w) => foreign.has(w) || w.includes(B.marker));
      if (hits.length) leaks++;
      expect(hits, `${label(e)} answered another company's rows: ${hits.join(", ")}`).toEqual([]);
    };
    for (const e of endpoints) {
      const m = /^(.*?)\/\{id\}/.exec(e.path);
      if (m) {
        const kind = ID_KIND[m[1]];
        expect(kind, `${label(e)}: add the kind of record its {id} names to ID_KIND`).toBeDefined();
        if (kind === "global") continue;
        const r = await call(e, t, { ids: { id: B.records[kind] }, body: BODY[label(e)] });
        // 404 is the answer to another tenant's record; 403 where the dealer may not act at all.
        expect([403, 404], `${label(e)} with B's ${kind}: ${r.status} ${r.text}`).toContain(r.status);
        if (e.method === "GET") expect(r.status, `${label(e)} with B's ${kind}`).toBe(404);
        check(e, r);
      } else if (e.method === "GET") {
        const r = await call(e, t);
        // A list answers (200), or refuses the dealer outright (403, or 404 where a staff view
        // hides that it exists): never a 422 that would leave it unchecked.
        expect([200, 403, 404], `${label(e)}: ${r.status} ${r.text}`).toContain(r.status);
        if (r.status === 200) seen.push(r.text);
        check(e, r);
      }
    }
    expect(leaks).toBe(0);
    // The lists did answer A's own rows: the check above is not vacuous.
    for (const n of A.numbers)
      expect(
        seen.some((s) => s.includes(n)),
        n,
      ).toBe(true);
    expect(await snapshotOf(B.companyId, B.dealer)).toBe(before);
  });

  it("keeps an administrator's token restricted to goods:read away from /admin exports and order writes", async () => {
    const t = (await token(admin.id, null, ["goods:read"])).accessToken;
    const get = (name: string) => endpoints.find((e) => e.name === name)!;
    expect((await call(get("GET /goods"), t)).status).toBe(200);
    for (const name of ["GET /admin/{resource}/export", "GET /login-log/export", "POST /orders", "POST /orders/{id}/cancel", "POST /pre-orders", "POST /cart"]) {
      const r = await call(get(name), t, { ids: { id: A.records.order } });
      expect(r.status, name).toBe(403);
      expect(r.headers.get("www-authenticate"), name).toMatch(/^Bearer error="insufficient_scope"/);
    }
    // With admin:read the export passes the scope check and the administrator's own permission.
    const exporter = (await token(admin.id, null, ["admin:read"])).accessToken;
    expect((await call(get("GET /admin/{resource}/export"), exporter)).status).toBe(200);
  });
});
