import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as memberGet } from "@/app/api/v1/members/[id]/route";
import { POST as adjustPost } from "@/app/api/v1/members/[id]/adjust/route";
import { GET as ledgerGet } from "@/app/api/v1/members/[id]/ledger/route";
import { GET as membersGet } from "@/app/api/v1/members/route";
import { GET as rulesGet, PUT as rulesPut } from "@/app/api/v1/member-rules/route";
import { DELETE as tierDelete, PUT as tierPut } from "@/app/api/v1/member-tiers/[id]/route";
import { GET as tiersGet, POST as tiersPost } from "@/app/api/v1/member-tiers/route";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeOrganization, makeRole, makeStaff, makeUser, nowSeconds, roleId, uid } from "@/lib/test/factories";
import { adjustPointsAction, deleteTierAction, saveRulesAction, saveTierAction } from "./actions";
import { earnPoints } from "./ledger";
import { maskName } from "./options";
import { getMember, listMembers, memberLedger, parseMemberFilters } from "./queries";
import { adjustPoints } from "./service";
import { deleteTier, saveTier } from "./tiers";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The member system screen against PostgreSQL: tier and rule validation in both languages
// (fields named), tiers resyncing members when thresholds change, the register's scoping (a
// dealer its own members only, another dealer's and an out-of-scope staff's 404), search by
// phone and name prefix, the manual adjustment through the ledger (reason required, no balance
// below zero, audited), and the REST endpoints (403 for a dealer on tiers and rules).

type Dealer = { companyId: number; code: string; userId: number; viewer: Viewer };
let dealerRole: number;
let a: Dealer;
let b: Dealer;
let staff: { id: number };
let staffViewer: Viewer;
/** Staff whose data scope (ORG) holds no test company. */
let outsider: { id: number };
const ctx = (userId: number): AuditCtx => ({ userId, companyId: null, requestId: null });
/** Thresholds far above the demo tiers, unique per run, so tests do not meet other tiers. */
const BASE = 70_000_000 + Math.floor(Math.random() * 100_000) * 100;

async function dealer(organizationId: number): Promise<Dealer> {
  const c = await makeCompany(organizationId);
  const userId = (await makeUser({ userType: "DEALER", companyIds: [c.id], roleIds: [dealerRole] })).id;
  return { companyId: c.id, code: c.code, userId, viewer: (await loadViewer(userId, c.id, nowSeconds()))! };
}

let phoneSeq = 0;
const phone = () => `19${String(Date.now() % 1e7).padStart(7, "0")}${String(phoneSeq++ % 100).padStart(2, "0")}`;

/** A member written straight to the table (enrolment is another screen's), its points earned through the ledger. */
async function makeMember(companyId: number, opts: { name?: string; phone?: string; balance?: number } = {}) {
  const m = await db().member.create({
    data: { memberNo: uid("M").toUpperCase(), phone: opts.phone ?? phone(), name: opts.name ?? `Member ${uid()}`, companyId, consentAt: new Date() },
  });
  if (opts.balance)
    await db().$transaction((tx: Tx) => earnPoints(tx, { companyId, userId: null, at: new Date() }, { memberId: m.id, kind: "EARN_SALE", points: opts.balance!, expiresAt: null }));
  return db().member.findUniqueOrThrow({ where: { id: m.id } });
}

const tierInput = (over: Record<string, unknown> = {}) => ({
  code: uid("T").toUpperCase(),
  nameEn: "Test tier",
  nameZh: "测试等级",
  threshold: BASE + Math.floor(Math.random() * 90) + 5,
  benefitsEn: null,
  benefitsZh: null,
  discountPct: 5,
  enabled: true,
  ...over,
});

async function expectDomain(p: Promise<unknown>, key: string, status?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
}

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  const region = (await makeOrganization()).id;
  [a, b] = await Promise.all([dealer(region), dealer(region)]);
  staff = await makeStaff();
  staffViewer = (await loadViewer(staff.id, null, nowSeconds()))!;
  const screen = await db().menu.findUniqueOrThrow({ where: { key: "system.memberSystem" }, select: { id: true } });
  const elsewhere = (await makeOrganization()).id;
  const role = await makeRole({ dataScope: "ORG", menuIds: [screen.id] });
  outsider = await makeStaff({ roleIds: [role.id], organizationId: elsewhere });
});

describe("tiers", () => {
  it("names the wrong fields in both languages", async () => {
    await actAs(staff);
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const tv = translator("Validation", locale);
      const tf = translator("Members.fields", locale);
      const res = await saveTierAction({ ...tierInput(), code: "", nameZh: "", threshold: -1, discountPct: 100.5 });
      expect(res.ok).toBe(false);
      if (res.ok) continue;
      expect(res.code).toBe("VALIDATION");
      expect(res.fieldErrors?.code).toBe(tv("required", { label: tf("code") }));
      expect(res.fieldErrors?.nameZh).toBe(tv("required", { label: tf("nameZh") }));
      expect(res.fieldErrors?.threshold).toBe(tv("min", { label: tf("threshold"), min: 0 }));
      expect(res.fieldErrors?.discountPct).toBe(tv("max", { label: tf("discountPct"), max: 100 }));
      const three = await saveTierAction({ ...tierInput(), discountPct: 12.345 });
      expect(three.ok).toBe(false);
      if (!three.ok) expect(three.fieldErrors?.discountPct).toBe(tv("pattern", { label: tf("discountPct") }));
    }
    setTestLocale("en-US");
  });

  it("keeps codes unique and enabled thresholds unique, audited", async () => {
    await actAs(staff);
    const first = tierInput();
    const res = await saveTierAction(first);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.data.discountPct).toBe("5.00");
    const again = await saveTierAction({ ...tierInput(), code: first.code.toLowerCase() });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.fieldErrors?.code).toBe(translator("Members.errors")("codeTaken", { code: first.code.toLowerCase() }));
    const same = await saveTierAction({ ...tierInput(), threshold: first.threshold });
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.fieldErrors?.threshold).toBe(translator("Members.errors")("thresholdTaken", { code: first.code, threshold: first.threshold }));
    // A disabled tier may share the threshold.
    expect((await saveTierAction({ ...tierInput(), threshold: first.threshold, enabled: false })).ok).toBe(true);
    const audits = await db().auditLog.count({ where: { entity: "MemberTier", entityId: String(res.data.id), action: "create" } });
    expect(audits).toBe(1);
    // A dealer holds no memberTier:manage.
    await actAs({ id: a.userId }, a.companyId);
    const refused = await saveTierAction(tierInput());
    expect(refused.ok === false && refused.code).toBe("FORBIDDEN");
    await actAs(staff);
    expect((await deleteTierAction({ id: res.data.id })).ok).toBe(true);
  });

  it("moves members when a threshold or the enabled flag changes, and will not delete a tier in use", async () => {
    const m = await makeMember(a.companyId, { balance: BASE + 2_000 });
    const t = await saveTier(ctx(staff.id), tierInput({ threshold: BASE + 1_000 }));
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).tierId).toBe(t.id);
    // The threshold above the balance: the member leaves the tier at once.
    await saveTier(ctx(staff.id), { ...tierInput({ threshold: BASE + 3_000 }), code: t.code, id: t.id });
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).tierId).not.toBe(t.id);
    const u = await saveTier(ctx(staff.id), tierInput({ threshold: BASE + 1_500 }));
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).tierId).toBe(u.id);
    await expectDomain(deleteTier(ctx(staff.id), u.id), "Members.errors.tierInUse", 409);
    // Disabled, it lets its members go; then it can be deleted.
    await saveTier(ctx(staff.id), { ...tierInput({ threshold: BASE + 1_500, enabled: false }), code: u.code, id: u.id });
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).tierId).not.toBe(u.id);
    expect(await deleteTier(ctx(staff.id), u.id)).toEqual({ id: u.id });
    expect(await db().auditLog.count({ where: { entity: "MemberTier", entityId: String(u.id), action: "delete" } })).toBe(1);
    await deleteTier(ctx(staff.id), t.id);
  });
});

describe("point rules", () => {
  it("names the wrong fields in both languages and saves the valid ones, audited", async () => {
    await actAs(staff);
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const tv = translator("Validation", locale);
      const tf = translator("Members.fields", locale);
      const res = await saveRulesAction({ vehicleRate: -1, counterRate: 0.12345, redeemValue: 0, expiryMonths: 121 });
      expect(res.ok).toBe(false);
      if (res.ok) continue;
      expect(res.fieldErrors?.vehicleRate).toBe(tv("min", { label: tf("vehicleRate"), min: 0 }));
      expect(res.fieldErrors?.counterRate).toBe(tv("pattern", { label: tf("counterRate") }));
      expect(res.fieldErrors?.redeemValue).toBe(tv("positive", { label: tf("redeemValue") }));
      expect(res.fieldErrors?.expiryMonths).toBe(tv("max", { label: tf("expiryMonths"), max: 120 }));
    }
    setTestLocale("en-US");
    const before = await db().auditLog.count({ where: { entity: "MemberPointRule" } });
    const ok = await saveRulesAction({ vehicleRate: 0.01, counterRate: 1, redeemValue: 0.1, expiryMonths: 24 });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.data).toMatchObject({ vehicleRate: "0.0100", counterRate: "1.0000", redeemValue: "0.1000", expiryMonths: 24, saved: true });
    expect(await db().auditLog.count({ where: { entity: "MemberPointRule" } })).toBe(before + 1);
    await actAs({ id: a.userId }, a.companyId);
    const refused = await saveRulesAction({ vehicleRate: 0.01, counterRate: 1, redeemValue: 0.1, expiryMonths: 24 });
    expect(refused.ok === false && refused.code).toBe("FORBIDDEN");
  });
});

describe("the register", () => {
  it("shows a dealer its own members only, masked; another dealer's and an out-of-scope staff's are 404", async () => {
    const mine = await makeMember(a.companyId, { name: "王小明" });
    const theirs = await makeMember(b.companyId);
    const listA = await listMembers(a.viewer, parseMemberFilters(new URLSearchParams()));
    const ids = listA.rows.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(listA.staff).toBe(false);
    const row = listA.rows.find((r) => r.id === mine.id)!;
    expect(row.name).toBe("王**");
    expect(row.phone).toBe(`${mine.phone.slice(0, 3)}****${mine.phone.slice(-4)}`);
    expect(JSON.stringify(listA)).not.toContain(mine.phone);
    expect((await getMember(a.viewer, mine.id)).memberNo).toBe(mine.memberNo);
    await expect(getMember(a.viewer, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(memberLedger(a.viewer, theirs.id, { cursor: "", size: 20 })).rejects.toBeInstanceOf(NotFoundError);
    // Staff (data scope ALL) see both, narrowed by the dealer filter.
    const both = await listMembers(staffViewer, parseMemberFilters(new URLSearchParams({ dealer: a.code })));
    expect(both.rows.map((r) => r.id)).toEqual(expect.arrayContaining([mine.id]));
    expect(both.rows.map((r) => r.id)).not.toContain(theirs.id);
    expect((await getMember(staffViewer, theirs.id)).id).toBe(theirs.id);
    const out = (await loadViewer(outsider.id, null, nowSeconds()))!;
    await expect(getMember(out, mine.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listMembers(out, parseMemberFilters(new URLSearchParams({ q: mine.phone })))).rows).toEqual([]);
  });

  it("finds a member by full phone (exact) and by the start of the name, and by tier", async () => {
    const tag = uid("Zq");
    const one = await makeMember(a.companyId, { name: `${tag} Alpha` });
    const two = await makeMember(a.companyId, { name: `${tag} Beta`, balance: BASE + 8_000 });
    const q = (params: Record<string, string>) => listMembers(a.viewer, parseMemberFilters(new URLSearchParams(params))).then((p) => p.rows.map((r) => r.id));
    expect(await q({ q: one.phone })).toEqual([one.id]);
    expect(await q({ q: `${one.phone.slice(0, 3)} ${one.phone.slice(3, 7)} ${one.phone.slice(7)}` })).toEqual([one.id]);
    expect(await q({ q: one.phone.slice(0, 10) })).toEqual([]);
    expect(await q({ q: tag })).toEqual([two.id, one.id]);
    expect(await q({ q: `${tag} B` })).toEqual([two.id]);
    expect(await q({ q: tag.slice(1) })).toEqual([]);
    const tier = await saveTier(ctx(staff.id), tierInput({ threshold: BASE + 7_000 }));
    expect(await q({ q: tag, tier: String(tier.id) })).toEqual([two.id]);
    expect(await q({ q: tag, tier: "none" })).not.toContain(two.id);
    // Keyset paging: one a page, newest first.
    const first = await listMembers(a.viewer, parseMemberFilters(new URLSearchParams({ q: tag, size: "1" })));
    expect(first.rows.map((r) => r.id)).toEqual([two.id]);
    expect(first.total).toEqual({ count: 2, capped: false });
    const second = await listMembers(a.viewer, parseMemberFilters(new URLSearchParams({ q: tag, size: "1", cursor: first.next! })));
    expect(second.rows.map((r) => r.id)).toEqual([one.id]);
    await saveTier(ctx(staff.id), { ...tierInput({ threshold: BASE + 7_000, enabled: false }), code: tier.code, id: tier.id });
    await deleteTier(ctx(staff.id), tier.id);
  });
});

describe("the points adjustment", () => {
  it("needs a reason and non-zero points, refuses more than the balance on points, and is audited", async () => {
    const m = await makeMember(a.companyId, { balance: 100 });
    await actAs(staff);
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const tv = translator("Validation", locale);
      const tf = translator("Members.fields", locale);
      const res = await adjustPointsAction({ id: m.id, points: 0, reason: " " });
      expect(res.ok).toBe(false);
      if (res.ok) continue;
      expect(res.fieldErrors?.reason).toBe(tv("required", { label: tf("reason") }));
      expect(res.fieldErrors?.points).toBe(tv("nonZero", { label: tf("points") }));
      const short = await adjustPointsAction({ id: m.id, points: -150, reason: "Correction" });
      expect(short.ok).toBe(false);
      if (short.ok) continue;
      expect(short.code).toBe("CONFLICT");
      expect(short.fieldErrors?.points).toBe(translator("Members.errors", locale)("notEnoughPoints", { balance: 100, points: 150 }));
    }
    setTestLocale("en-US");
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).balance).toBe(100);
    const minus = await adjustPointsAction({ id: m.id, points: -40, reason: "Returned goods" });
    expect(minus.ok && minus.data.balance).toBe(60);
    const plus = await adjustPointsAction({ id: m.id, points: 15, reason: "Goodwill" });
    expect(plus.ok && plus.data.balance).toBe(75);
    const ledger = await memberLedger(staffViewer, m.id, { cursor: "", size: 20 });
    expect(ledger.rows.map((r) => [r.kind, r.points, r.balanceAfter, r.reason])).toEqual([
      ["ADJUST", 15, 75, "Goodwill"],
      ["ADJUST", -40, 60, "Returned goods"],
      ["EARN_SALE", 100, 100, null],
    ]);
    expect(ledger.rows[0].dealer).toBeNull();
    expect(ledger.rows[2].remaining).toBe(60);
    const audits = await db().auditLog.findMany({ where: { entity: "Member", entityId: String(m.id), action: "adjustPoints" }, orderBy: { id: "asc" } });
    expect(audits.map((x) => (x.after as { points: number }).points)).toEqual([-40, 15]);
    // A dealer may not adjust; staff outside the scope get 404.
    await actAs({ id: a.userId }, a.companyId);
    const refused = await adjustPointsAction({ id: m.id, points: 5, reason: "Mine" });
    expect(refused.ok === false && refused.code).toBe("FORBIDDEN");
    const role = await makeRole({
      dataScope: "ORG",
      menuIds: (await db().menu.findMany({ where: { key: { in: ["system.memberSystem", "system.memberSystem:memberPoints:adjust"] } }, select: { id: true } })).map((x) => x.id),
    });
    const far = await makeStaff({ roleIds: [role.id], organizationId: (await makeOrganization()).id });
    const farViewer = (await loadViewer(far.id, null, nowSeconds()))!;
    await expect(adjustPoints(farViewer, ctx(far.id), { id: m.id, points: 5, reason: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("REST", () => {
  const APP = "http://localhost/customerWeb/api/v1";
  const get = (url: string) => new NextRequest(`${APP}${url}`);
  const send = (method: string, url: string, body: unknown) =>
    new NextRequest(`${APP}${url}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const none = { params: Promise.resolve({}) };
  const id = (n: number) => ({ params: Promise.resolve({ id: String(n) }) });

  it("answers the register, a member and its ledger in scope, 404 outside it", async () => {
    const mine = await makeMember(a.companyId, { balance: 30 });
    const theirs = await makeMember(b.companyId);
    await actAs(null);
    expect((await membersGet(get("/members"), none)).status).toBe(401);
    await actAs({ id: a.userId }, a.companyId);
    const list = await membersGet(get(`/members?q=${mine.phone}`), none);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { rows: { id: number; name: string }[] };
    expect(body.rows.map((r) => r.id)).toEqual([mine.id]);
    expect(body.rows[0].name).toBe(maskName(mine.name));
    expect((await membersGet(get("/members?tier=gold"), none)).status).toBe(422);
    expect((await memberGet(get(`/members/${mine.id}`), id(mine.id))).status).toBe(200);
    expect((await memberGet(get(`/members/${theirs.id}`), id(theirs.id))).status).toBe(404);
    const ledger = await ledgerGet(get(`/members/${mine.id}/ledger`), id(mine.id));
    expect(((await ledger.json()) as { rows: { points: number }[] }).rows.map((r) => r.points)).toEqual([30]);
    expect((await ledgerGet(get(`/members/${theirs.id}/ledger`), id(theirs.id))).status).toBe(404);
  });

  it("adjusts through the API: 403 for a dealer, 409 beyond the balance, 201 with the new balance", async () => {
    const m = await makeMember(a.companyId, { balance: 10 });
    await actAs({ id: a.userId }, a.companyId);
    expect((await adjustPost(send("POST", `/members/${m.id}/adjust`, { points: 5, reason: "x" }), id(m.id))).status).toBe(403);
    await actAs(staff);
    const short = await adjustPost(send("POST", `/members/${m.id}/adjust`, { points: -11, reason: "x" }), id(m.id));
    expect(short.status).toBe(409);
    expect(((await short.json()) as { fieldErrors: Record<string, string> }).fieldErrors.points).toBeTruthy();
    const done = await adjustPost(send("POST", `/members/${m.id}/adjust`, { points: -10, reason: "Used up" }), id(m.id));
    expect(done.status).toBe(201);
    expect(((await done.json()) as { balance: number }).balance).toBe(0);
    expect((await adjustPost(send("POST", `/members/${m.id}/adjust`, { points: 3 }), id(m.id))).status).toBe(422);
  });

  // Its tiers sit above every member's balance of this file, so deleting them meets no member.
  it("keeps tiers and rules to their permission holders: 403 for a dealer", async () => {
    await actAs({ id: a.userId }, a.companyId);
    expect((await tiersGet(get("/member-tiers"), none)).status).toBe(403);
    expect((await tiersPost(send("POST", "/member-tiers", tierInput()), none)).status).toBe(403);
    expect((await rulesGet(get("/member-rules"), none)).status).toBe(403);
    expect((await rulesPut(send("PUT", "/member-rules", { vehicleRate: 1, counterRate: 1, redeemValue: 1, expiryMonths: 1 }), none)).status).toBe(403);

    await actAs(staff);
    const created = await tiersPost(send("POST", "/member-tiers", tierInput({ discountPct: 7.5, threshold: BASE + 90_000 })), none);
    expect(created.status).toBe(201);
    const tier = (await created.json()) as { id: number; code: string; discountPct: string };
    expect(tier.discountPct).toBe("7.50");
    await actAs({ id: a.userId }, a.companyId);
    expect((await tierPut(send("PUT", `/member-tiers/${tier.id}`, tierInput()), id(tier.id))).status).toBe(403);
    expect((await tierDelete(send("DELETE", `/member-tiers/${tier.id}`, {}), id(tier.id))).status).toBe(403);
    await actAs(staff);
    const list = (await (await tiersGet(get("/member-tiers"), none)).json()) as { items: { id: number }[] };
    expect(list.items.map((x) => x.id)).toContain(tier.id);
    const put = await tierPut(send("PUT", `/member-tiers/${tier.id}`, tierInput({ code: tier.code, discountPct: 12.25, threshold: BASE + 90_001 })), id(tier.id));
    expect(put.status).toBe(200);
    expect(((await put.json()) as { discountPct: string }).discountPct).toBe("12.25");
    expect((await tierPut(send("PUT", "/member-tiers/2147483647", tierInput()), id(2147483647))).status).toBe(404);
    const bad = await tierPut(send("PUT", `/member-tiers/${tier.id}`, tierInput({ discountPct: 101 })), id(tier.id));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.discountPct).toBeTruthy();
    expect((await tierDelete(send("DELETE", `/member-tiers/${tier.id}`, {}), id(tier.id))).status).toBe(200);
    const rules = await rulesPut(send("PUT", "/member-rules", { vehicleRate: 0.01, counterRate: 1, redeemValue: 0.1, expiryMonths: 12 }), none);
    expect(rules.status).toBe(200);
    expect(((await (await rulesGet(get("/member-rules"), none)).json()) as { expiryMonths: number }).expiryMonths).toBe(12);
  });
});
