import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { administratorCount, prepareDatabase } from "../lib/stack";
import { query, runScript, scratchPostgres } from "../lib/test-helpers";

/** prepareDatabase as `npm start` calls it with DATABASE_URL=url. */
async function startLike(url: string, opts: { demo?: boolean } = {}) {
  const saved = { url: process.env.DATABASE_URL, demo: process.env.DEMO_DATA };
  process.env.DATABASE_URL = url;
  delete process.env.DEMO_DATA;
  try {
    const db = await prepareDatabase(opts);
    expect(db.embedded).toBe(false);
  } finally {
    process.env.DATABASE_URL = saved.url;
    if (saved.demo === undefined) delete process.env.DEMO_DATA;
    else process.env.DEMO_DATA = saved.demo;
  }
}

const count = async (url: string, table: string) => (await query<{ n: number }>(url, `select count(*)::int as n from "${table}"`))[0].n;

describe("a real database (DATABASE_URL)", () => {
  it("gets the reference data but no demo account, and setup:admin makes the first administrator once", async () => {
    const scratch = await scratchPostgres("setup_admin");
    try {
      await startLike(scratch.url);
      expect(await count(scratch.url, "User")).toBe(0);
      expect(await count(scratch.url, "Company")).toBe(0);
      expect(await count(scratch.url, "Goods")).toBe(0);
      expect(await count(scratch.url, "Menu")).toBeGreaterThan(50);
      expect((await query<{ code: string }>(scratch.url, `select code from "Role" order by code`)).map((r) => r.code)).toEqual(["ADMIN", "DEALER", "SALES_OPS"]);
      expect(await administratorCount(scratch.url)).toBe(0);

      // A second start changes nothing: still no demo account.
      await startLike(scratch.url);
      expect(await count(scratch.url, "User")).toBe(0);

      const env = { ...process.env, DATABASE_URL: scratch.url, ADMIN_ACCOUNT: "root.admin", ADMIN_NAME: "Operator" };
      const weak = await runScript("scripts/setup-admin.ts", [], { ...env, ADMIN_PASSWORD: "short" });
      expect(weak.code).not.toBe(0);
      expect(weak.stderr).toContain("at least 8 characters");
      expect(await count(scratch.url, "User")).toBe(0);

      const made = await runScript("scripts/setup-admin.ts", [], { ...env, ADMIN_PASSWORD: "Harbour-Lantern-42" });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain("administrator root.admin created");
      const [admin] = await query<{ passwordHash: string; userType: string }>(scratch.url, `select "passwordHash", "userType" from "User" where account = 'root.admin'`);
      expect(admin.userType).toBe("ADMIN");
      expect(await verifyPassword("Harbour-Lantern-42", admin.passwordHash)).toBe(true);
      expect(await administratorCount(scratch.url)).toBe(1);

      const again = await runScript("scripts/setup-admin.ts", [], { ...env, ADMIN_ACCOUNT: "second", ADMIN_PASSWORD: "Another-Secret-77" });
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain("runs only once");
      expect(await count(scratch.url, "User")).toBe(1);
    } finally {
      await scratch.drop();
    }
  });

  it("gets the demo data only when asked (npm start -- --demo)", async () => {
    const scratch = await scratchPostgres("setup_demo");
    try {
      await startLike(scratch.url, { demo: true });
      expect((await query<{ account: string }>(scratch.url, `select account from "User" where not service order by account`)).map((u) => u.account)).toEqual([
        "admin",
        "dealer.group",
        "dealer.sh",
        "staff.sales",
      ]);
      // The demo ERP client's service user (README "OAuth clients"), which never signs in.
      expect((await query<{ account: string }>(scratch.url, `select account from "User" where service order by account`)).map((u) => u.account)).toEqual(["svc.erp-demo"]);
    } finally {
      await scratch.drop();
    }
  });
});
