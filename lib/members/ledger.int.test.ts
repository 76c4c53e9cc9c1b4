import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { makeCompany } from "@/lib/test/factories";
import { ledgerProblems, newPhone, tierFor, useRule } from "@/lib/test/members";
import { enrollMember } from "./enroll";
import { earnPoints, expireEntry, pointsFor, syncAllTiers, takePoints, type PointsCtx } from "./ledger";

// The points ledger against PostgreSQL (lib/members/ledger.ts): after every scenario a member's
// balance equals the sum of its entries and the sum of what is left of its earned rows, and is
// never negative; points are used oldest first; the tier follows the balance up and down; 20
// concurrent redemptions of 100 from 1,000 (separate transactions) leave exactly 0.

let companyId: number;
let restoreRule: () => Promise<void>;
const touched = new Set<number>();
const ctx = (at = new Date()): PointsCtx => ({ companyId, userId: null, at });

async function member(): Promise<number> {
  const m = await db().$transaction((tx) => enrollMember(tx, { phone: newPhone(), name: "张伟", companyId, at: new Date() }));
  touched.add(m.id);
  return m.id;
}
const earn = (memberId: number, points: number, expiresAt: Date | null = null, at = new Date()) =>
  db().$transaction((tx) => earnPoints(tx, ctx(at), { memberId, kind: "EARN_COUNTER", points, expiresAt }));
const take = (memberId: number, points: number, kind: "REDEEM" | "ADJUST" | "REVERSE" = "REDEEM") => db().$transaction((tx) => takePoints(tx, ctx(), { memberId, kind, points }));
const open = (memberId: number) => db().memberPointEntry.findMany({ where: { memberId, points: { gt: 0 } }, orderBy: { id: "asc" }, select: { points: true, remaining: true } });
const balance = async (memberId: number) => (await db().member.findUniqueOrThrow({ where: { id: memberId }, select: { balance: true } })).balance;

beforeAll(async () => {
  companyId = (await makeCompany()).id;
  restoreRule = await useRule({ vehicleRate: "0.01", counterRate: "1", redeemValue: "0.01", expiryMonths: 24 });
});
afterAll(async () => restoreRule());
afterEach(async () => {
  // The invariants after every scenario, for every member it touched.
  for (const id of touched) expect(await ledgerProblems(id), `member ${id}`).toEqual([]);
});

describe("points ledger", () => {
  it("enrols once per phone, in the tier a balance of 0 reaches", async () => {
    const phone = newPhone();
    const other = (await makeCompany()).id;
    const first = await db().$transaction((tx) => enrollMember(tx, { phone, name: "王强", companyId, at: new Date() }));
    const again = await db().$transaction((tx) => enrollMember(tx, { phone, name: "Somebody else", companyId: other, at: new Date() }));
    touched.add(first.id);
    expect(first.created).toBe(true);
    expect(first.memberNo).toMatch(/^MB\d{8}\d+$/);
    expect(again).toEqual({ id: first.id, memberNo: first.memberNo, created: false });
    const m = await db().member.findUniqueOrThrow({ where: { id: first.id } });
    // The enrolling dealer and the name stay the first one's.
    expect(m).toMatchObject({ companyId, name: "王强", balance: 0, tierId: await tierFor(0) });
  });

  it("two enrolments of one phone at once make one member", async () => {
    const phone = newPhone();
    const both = await Promise.all([1, 2].map(() => db().$transaction((tx) => enrollMember(tx, { phone, name: "Li Na", companyId, at: new Date() }))));
    expect(both[0].id).toBe(both[1].id);
    expect(both.filter((m) => m.created)).toHaveLength(1);
    expect(await db().member.count({ where: { phone } })).toBe(1);
    touched.add(both[0].id);
  });

  it("uses earned points oldest first and refuses more than the balance, changing nothing", async () => {
    const id = await member();
    await earn(id, 100);
    await earn(id, 200);
    await earn(id, 300);
    await take(id, 250);
    expect(await open(id)).toEqual([
      { points: 100, remaining: 0 },
      { points: 200, remaining: 50 },
      { points: 300, remaining: 300 },
    ]);
    const entries = await db().memberPointEntry.count({ where: { memberId: id } });
    await expect(take(id, 351)).rejects.toMatchObject({ key: "Members.errors.notEnoughPoints", values: { balance: 350, points: 351 }, field: "points", status: 409 });
    expect(await db().memberPointEntry.count({ where: { memberId: id } })).toBe(entries);
    await take(id, 350, "ADJUST");
    expect(await balance(id)).toBe(0);
    expect((await open(id)).map((r) => r.remaining)).toEqual([0, 0, 0]);
    await expect(take(id, 1)).rejects.toMatchObject({ key: "Members.errors.notEnoughPoints" });
  });

  it("refuses points that are not whole and positive", async () => {
    const id = await member();
    await expect(earn(id, 0)).rejects.toMatchObject({ key: "Members.errors.pointsPositive" });
    await expect(earn(id, 1.5)).rejects.toMatchObject({ key: "Members.errors.pointsPositive" });
    await expect(take(id, -3)).rejects.toMatchObject({ key: "Members.errors.pointsPositive" });
    await expect(db().$transaction((tx) => takePoints(tx, ctx(), { memberId: 2_000_000_000, kind: "REDEEM", points: 1 }))).rejects.toMatchObject({
      key: "Members.errors.notFound",
      status: 404,
    });
  });

  it("moves the tier with the balance, up and down", async () => {
    const tiers = await db().memberTier.findMany({ where: { enabled: true }, orderBy: { threshold: "asc" }, select: { id: true, threshold: true } });
    const above = tiers.find((t) => t.threshold > 0);
    expect(above, "the seed's tiers (SILVER at 1000)").toBeDefined();
    const id = await member();
    const start = (await db().member.findUniqueOrThrow({ where: { id } })).tierId;
    expect(start).toBe(await tierFor(0));
    const up = await earn(id, above!.threshold);
    expect(up.tierId).toBe(above!.id);
    const down = await take(id, 1);
    expect(down.tierId).toBe(await tierFor(above!.threshold - 1));
    expect(down.tierId).not.toBe(above!.id);
    // Expiry takes the tier down too.
    const id2 = await member();
    const e = await earn(id2, above!.threshold, new Date(Date.now() - 1000));
    expect(e.tierId).toBe(above!.id);
    const row = await db().memberPointEntry.findFirstOrThrow({ where: { memberId: id2, kind: "EARN_COUNTER" }, select: { id: true } });
    const x = await db().$transaction((tx) => expireEntry(tx, row.id, new Date()));
    expect(x).toMatchObject({ balance: 0, tierId: await tierFor(0) });
    // A tier's threshold changed by an administrator: syncAllTiers moves the members it concerns.
    expect(await db().$transaction((tx) => syncAllTiers(tx))).toBeGreaterThanOrEqual(0);
  });

  it("20 concurrent redemptions of 100 from 1,000 leave exactly 0: 10 succeed, 10 are refused", async () => {
    const id = await member();
    await earn(id, 400);
    await earn(id, 600);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => take(id, 100)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.reason).toMatchObject({ key: "Members.errors.notEnoughPoints" });
    expect(await balance(id)).toBe(0);
    expect(await db().memberPointEntry.count({ where: { memberId: id, kind: "REDEEM" } })).toBe(10);
    expect((await open(id)).map((r) => r.remaining)).toEqual([0, 0]);
  });

  it("pointsFor rounds down and ignores what is not positive", () => {
    expect(pointsFor(268800, 0.01)).toBe(2688);
    expect(pointsFor(99.99, 1)).toBe(99);
    expect(pointsFor(0.29, 0.01 * 100)).toBe(0);
    expect(pointsFor(0, 1)).toBe(0);
    expect(pointsFor(100, 0)).toBe(0);
  });
});
