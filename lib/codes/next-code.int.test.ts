import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { uid } from "@/lib/test/factories";
import { seedCodeRules } from "@/prisma/seed/code-rules";
import { nextCode, previewCode } from "./next-code";

// Allocation against the database: one atomic upsert per number, so parallel callers never
// share a number, and a number taken inside a transaction belongs to it.

const rule = (data: Partial<Prisma.CodeRuleCreateInput> = {}) =>
  db().codeRule.create({ data: { code: uid("T").toUpperCase(), nameEn: "Test", nameZh: "测试", prefix: "T", datePattern: "yyyyMMdd", seqLength: 6, reset: "DAILY", ...data } });
const seq = (code: string) => Number(code.slice(-6));

beforeAll(() => seedCodeRules());

describe("nextCode", () => {
  it("gives 200 parallel callers of SO 200 distinct, consecutive numbers", async () => {
    // A day of this run's own (the counter of a fixed day may exist from an earlier run).
    const now = new Date(Date.UTC(2040 + Math.floor(Math.random() * 50), Math.floor(Math.random() * 12), 10, 4));
    const codes = await Promise.all(Array.from({ length: 200 }, () => nextCode("SO", { now })));
    expect(new Set(codes).size).toBe(200);
    const day = now.toISOString().slice(0, 10).replace(/-/g, "");
    for (const c of codes) expect(c).toMatch(new RegExp(`^SO${day}\\d{6}$`));
    const numbers = codes.map(seq).sort((a, b) => a - b);
    expect(numbers.every((n, i) => n === numbers[0] + i)).toBe(true);
    expect(numbers[199] - numbers[0]).toBe(199);
  });

  it("restarts a daily rule on the next Shanghai day, a monthly one on the next month, never a NEVER one", async () => {
    const daily = await rule();
    const lastMinute = new Date("2026-11-21T15:59:30Z"); // 23:59:30 in Shanghai
    expect(await nextCode(daily.code, { now: lastMinute })).toBe("T20261121000001");
    expect(await nextCode(daily.code, { now: lastMinute })).toBe("T20261121000002");
    expect(await nextCode(daily.code, { now: new Date("2026-11-21T16:00:00Z") })).toBe("T20261122000001");
    expect(await nextCode(daily.code, { now: lastMinute })).toBe("T20261121000003");

    const monthly = await rule({ prefix: "M", datePattern: "yyyyMM", seqLength: 4, reset: "MONTHLY" });
    expect(await nextCode(monthly.code, { now: new Date("2026-11-30T15:00:00Z") })).toBe("M2026110001");
    expect(await nextCode(monthly.code, { now: new Date("2026-11-30T16:00:00Z") })).toBe("M2026120001");

    const never = await rule({ prefix: "N", datePattern: "", seqLength: 3, reset: "NEVER" });
    expect(await nextCode(never.code, { now: new Date("2026-01-01T00:00:00Z") })).toBe("N001");
    expect(await nextCode(never.code, { now: new Date("2030-06-01T00:00:00Z") })).toBe("N002");
  });

  it("gives the number back when the caller's transaction rolls back", async () => {
    const r = await rule();
    const now = new Date("2026-11-21T02:00:00Z");
    expect(await nextCode(r.code, { now })).toBe("T20261121000001");
    await expect(
      db().$transaction(async (tx) => {
        expect(await nextCode(r.code, { tx, now })).toBe("T20261121000002");
        throw new Error("document failed");
      }),
    ).rejects.toThrow("document failed");
    expect(await previewCode(r, { now })).toBe("T20261121000002");
    const committed = await db().$transaction((tx) => nextCode(r.code, { tx, now }));
    expect(committed).toBe("T20261121000002");
    expect(await nextCode(r.code, { now })).toBe("T20261121000003");
  });

  it("previews without consuming", async () => {
    const r = await rule();
    const now = new Date("2026-11-21T02:00:00Z");
    expect(await previewCode(r, { now })).toBe("T20261121000001");
    expect(await previewCode(r, { now })).toBe("T20261121000001");
    expect(await nextCode(r.code, { now })).toBe("T20261121000001");
    expect(await previewCode(r, { now })).toBe("T20261121000002");
  });

  it("refuses a missing or disabled rule and a sequence that outgrows its digits", async () => {
    await expect(nextCode("NO-SUCH-RULE")).rejects.toMatchObject({ key: "CodeRuleAdmin.errors.missing", values: { code: "NO-SUCH-RULE" } });
    const off = await rule({ enabled: false });
    await expect(nextCode(off.code)).rejects.toBeInstanceOf(DomainError);
    await expect(nextCode(off.code)).rejects.toMatchObject({ key: "CodeRuleAdmin.errors.disabled" });

    const tiny = await rule({ prefix: "S", datePattern: "", seqLength: 1, reset: "NEVER" });
    const nine = await Promise.all(Array.from({ length: 9 }, () => nextCode(tiny.code)));
    expect(nine.sort()).toEqual(["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9"]);
    await expect(nextCode(tiny.code)).rejects.toMatchObject({ key: "CodeRuleAdmin.errors.overflow", values: { code: tiny.code, max: 9 } });
  });
});
