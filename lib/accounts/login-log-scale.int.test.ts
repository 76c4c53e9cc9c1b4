import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { COUNT_CAP } from "@/lib/list/keyset";
import { makeUser, nowSeconds, roleId, uid } from "@/lib/test/factories";
import { analyze, captureQueries, indexesOf, nodesOf, planOf } from "@/lib/test/plans";
import { listLoginLog } from "./login-log-queries";

// Issue 24, flat lists: system/loginLog at any size. The count stops at COUNT_CAP + 1 rows
// ("more than 1,000"), pages go by keyset (the next page starts after the last row shown, not
// at an offset), and each filter's page and count read the index of that filter.

const url = (q: string) => new URL(`http://x/system/loginLog${q}`);
let admin: Viewer;
let prefix: string;
/** An account with few attempts: its filter reads its own index, not the whole log's order. */
let rare: string;
const base = new Date("2026-04-01T00:00:00Z");

beforeAll(async () => {
  admin = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [await roleId("ADMIN")] })).id, null, nowSeconds()))!;
  prefix = uid("ls");
  // COUNT_CAP + 30 attempts at one account prefix, one second apart, every tenth a failure.
  await db().loginLog.createMany({
    data: Array.from({ length: COUNT_CAP + 30 }, (_, i) => ({
      account: `${prefix}-${i % 7}`,
      result: i % 10 === 0 ? ("FAILURE" as const) : ("SUCCESS" as const),
      reason: i % 10 === 0 ? "INVALID_CREDENTIALS" : "SUCCESS",
      createdAt: new Date(base.getTime() + i * 1000),
    })),
  });
  rare = uid("lr");
  await db().loginLog.createMany({
    data: Array.from({ length: 5 }, (_, i) => ({ account: rare, result: "SUCCESS" as const, reason: "SUCCESS", createdAt: new Date(base.getTime() - i * 1000) })),
  });
  await analyze("LoginLog");
});

describe("sign-in log at scale", () => {
  it("caps the count and reads no more than the cap to say so", async () => {
    expect((await listLoginLog(admin, url(`?account=${prefix}&size=10`))).total).toEqual({ count: COUNT_CAP, capped: true });
    // The day's attempts (only this test's on 1 April 2026), on the (createdAt, id) index in the
    // list's order: the count stops after COUNT_CAP + 1 entries.
    const day = "?from=2026-04-01&to=2026-04-01&size=10";
    expect((await listLoginLog(admin, url(day))).total).toEqual({ count: COUNT_CAP, capped: true });
    const statements = await captureQueries(() => listLoginLog(admin, url(day)));
    const count = statements.find((s) => /COUNT\(/i.test(s.sql) && s.sql.includes('"LoginLog"'))!;
    expect(count.sql).toMatch(/LIMIT/i);
    const plan = await planOf(count.sql, count.params, { analyze: true });
    const scans = nodesOf(plan).filter((n) => n["Relation Name"] === "LoginLog" || n["Index Name"]?.startsWith("LoginLog_"));
    expect(Math.max(...scans.map((n) => n["Actual Rows"] ?? 0))).toBeLessThanOrEqual(COUNT_CAP + 1);
  });

  it("pages by keyset: the next page starts right after the last row shown", async () => {
    const first = await listLoginLog(admin, url(`?account=${prefix}&size=50`));
    const second = await listLoginLog(admin, url(`?account=${prefix}&size=50&cursor=${first.next}`));
    const newest = COUNT_CAP + 29;
    expect(first.rows.map((r) => r.createdAt)).toEqual(Array.from({ length: 50 }, (_, i) => new Date(base.getTime() + (newest - i) * 1000).toISOString()));
    expect(second.rows.map((r) => r.createdAt)).toEqual(Array.from({ length: 50 }, (_, i) => new Date(base.getTime() + (newest - 50 - i) * 1000).toISOString()));
    // No OFFSET anywhere: a deep page costs what the first does.
    const statements = await captureQueries(() => listLoginLog(admin, url(`?account=${prefix}&size=50&cursor=${second.next}`)));
    // (Prisma writes OFFSET $n with 0, its last parameter, into every statement.)
    const reads = statements.filter((s) => s.sql.includes('"LoginLog"'));
    expect(reads).toHaveLength(2);
    for (const s of reads) expect(s.sql.match(/OFFSET \$\d+$/) ? String(s.params[s.params.length - 1]) : "0").toBe("0");
  });

  it("reads each filter's own index, for the page and the count", async () => {
    const cases: [string, string][] = [
      ["", "LoginLog_createdAt_id_idx"],
      [`?account=${rare}`, "LoginLog_account_createdAt_id_idx"],
      ["?result=FAILURE", "LoginLog_result_createdAt_id_idx"],
      ["?from=2026-04-01&to=2026-04-01", "LoginLog_createdAt_id_idx"],
    ];
    for (const [q, index] of cases) {
      const statements = (await captureQueries(() => listLoginLog(admin, url(q)))).filter((s) => s.sql.includes('"LoginLog"'));
      expect(statements).toHaveLength(2);
      for (const s of statements) expect({ q, sql: s.sql, indexes: indexesOf(await planOf(s.sql, s.params)) }).toMatchObject({ indexes: expect.arrayContaining([index]) });
    }
  });
});
