import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { makeCompany } from "@/lib/test/factories";
import { ledgerProblems, newPhone } from "@/lib/test/members";
import { enrollMember } from "./enroll";
import { earnPoints, expireEntry, takePoints } from "./ledger";
import { runPointExpiry } from "./job";
import { expiryFor } from "./rules";

// The points expiry job against PostgreSQL: with the clock moved (points earned 25 months ago
// under a 24-month rule), a run expires what is due and nothing else, what was partly redeemed
// expires only its remainder, and two runs at the same time expire every row exactly once.
// The job only ever runs with "now" (never a clock in the future), so it cannot expire other
// tests' or the demo's points early; the not-yet-due case moves expireEntry's clock instead.

const MONTH = 30 * 86_400_000;
let companyId: number;
const touched = new Set<number>();

async function member(): Promise<number> {
  const m = await db().$transaction((tx) => enrollMember(tx, { phone: newPhone(), name: "Li Na", companyId, at: new Date() }));
  touched.add(m.id);
  return m.id;
}
/** Points earned at `at` that expire 24 months later. */
const earnedAt = (memberId: number, points: number, at: Date) =>
  db().$transaction((tx) => earnPoints(tx, { companyId, userId: null, at }, { memberId, kind: "EARN_COUNTER", points, expiresAt: expiryFor(at, 24) }));
const expires = (entryId: number) => db().memberPointEntry.count({ where: { kind: "EXPIRE", reason: `#${entryId}` } });
const balance = async (id: number) => (await db().member.findUniqueOrThrow({ where: { id }, select: { balance: true } })).balance;

beforeAll(async () => {
  companyId = (await makeCompany()).id;
});
afterEach(async () => {
  for (const id of touched) expect(await ledgerProblems(id), `member ${id}`).toEqual([]);
});

describe("points expiry", () => {
  it("expires what is due by the moved clock, only the remainder, and nothing not yet due", async () => {
    const now = new Date();
    const id = await member();
    const old = await earnedAt(id, 300, new Date(now.getTime() - 25 * MONTH)); // due a month ago
    const recent = await earnedAt(id, 200, new Date(now.getTime() - 23 * MONTH)); // due in a month
    await db().$transaction((tx) => takePoints(tx, { companyId, userId: null, at: now }, { memberId: id, kind: "REDEEM", points: 100 }));
    expect(await balance(id)).toBe(400);
    const run = await runPointExpiry(now);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect(await expires(old.entryId)).toBe(1);
    expect(await expires(recent.entryId)).toBe(0);
    // The old row had 200 left after the redemption (oldest first): only that expires.
    expect(await db().memberPointEntry.findFirst({ where: { reason: `#${old.entryId}` }, select: { points: true } })).toEqual({ points: -200 });
    expect(await balance(id)).toBe(200);
    // Running again changes nothing; two months on, the recent row is due.
    await runPointExpiry(now);
    expect(await expires(old.entryId)).toBe(1);
    expect(await db().$transaction((tx) => expireEntry(tx, recent.entryId, now))).toBeNull();
    expect(await db().$transaction((tx) => expireEntry(tx, recent.entryId, new Date(now.getTime() + 2 * MONTH)))).toMatchObject({ balance: 0 });
    expect(await expires(recent.entryId)).toBe(1);
  });

  it("two runs at the same time expire every row exactly once", async () => {
    const now = new Date();
    const ids = [await member(), await member(), await member()];
    const rows: number[] = [];
    for (const id of ids) for (let i = 0; i < 8; i++) rows.push((await earnedAt(id, 10 + i, new Date(now.getTime() - (25 + i) * MONTH))).entryId);
    const [r1, r2] = await Promise.all([runPointExpiry(now), runPointExpiry(now)]);
    expect(r1.failed + r2.failed).toBe(0);
    expect(r1.expired + r2.expired).toBeGreaterThanOrEqual(rows.length);
    for (const row of rows) expect(await expires(row), `entry ${row}`).toBe(1);
    for (const id of ids) expect(await balance(id)).toBe(0);
  });
});
