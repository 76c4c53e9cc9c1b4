import { describe, expect, it } from "vitest";
import { loadViewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { makeDealer, makeUser, nowSeconds, roleId, uid } from "@/lib/test/factories";
import { listLoginLog, loginLogQuery } from "./login-log-queries";

// The login log list on the list kit: newest first in keyset pages both ways (rows with the same
// second are ordered by id), every filter, the count capped, and only for viewers of the screen.

const url = (q: string) => new URL(`http://x/system/loginLog${q}`);

describe("login log list", () => {
  it("pages newest first with older and newer cursors, filtered, and refuses a dealer", async () => {
    const prefix = uid("ll");
    const at = new Date("2026-03-01T08:00:00Z");
    // 12 attempts; 3 share one instant (the id breaks the tie).
    await db().loginLog.createMany({
      data: Array.from({ length: 12 }, (_, i) => ({
        account: `${prefix}-${String(i).padStart(2, "0")}`,
        result: i % 3 === 0 ? ("FAILURE" as const) : ("SUCCESS" as const),
        reason: i % 3 === 0 ? "INVALID_CREDENTIALS" : "SUCCESS",
        createdAt: new Date(at.getTime() + Math.max(i, 2) * 60_000),
      })),
    });
    const admin = (await makeUser({ userType: "STAFF", roleIds: [await roleId("ADMIN")] })).id;
    const viewer = (await loadViewer(admin, null, nowSeconds()))!;

    const first = await listLoginLog(viewer, url(`?account=${prefix}&size=10`));
    expect(first.total).toEqual({ count: 12, capped: false });
    expect(first.rows.map((r) => r.account.slice(-2))).toEqual(["11", "10", "09", "08", "07", "06", "05", "04", "03", "02"]);
    expect(first.prev).toBeNull();
    expect(first.next).not.toBeNull();

    const second = await listLoginLog(viewer, url(`?account=${prefix}&size=10&cursor=${first.next}`));
    expect(second.rows.map((r) => r.account.slice(-2))).toEqual(["01", "00"]);
    expect(second.next).toBeNull();
    const back = await listLoginLog(viewer, url(`?account=${prefix}&size=10&cursor=${second.prev}`));
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));

    const failures = await listLoginLog(viewer, url(`?account=${prefix}&result=FAILURE`));
    expect(failures.rows.map((r) => r.account.slice(-2))).toEqual(["09", "06", "03", "00"]);
    expect(failures.rows.every((r) => r.reason === "INVALID_CREDENTIALS")).toBe(true);
    // Days are Shanghai days: 08:00Z is 16:00 in Shanghai on 1 March; nothing on 2 March.
    expect((await listLoginLog(viewer, url(`?account=${prefix}&from=2026-03-01&to=2026-03-01`))).rows).toHaveLength(12);
    expect((await listLoginLog(viewer, url(`?account=${prefix}&from=2026-03-02`))).rows).toHaveLength(0);
    // Bad values are dropped, not trusted: an unknown result and size, a forged cursor.
    const loose = await listLoginLog(viewer, url(`?account=${prefix}&result=MAYBE&size=7&cursor=x'--`));
    expect(loose.filters).toMatchObject({ result: "", size: 20, cursor: "" });
    expect(loose.rows).toHaveLength(12);
    expect(loginLogQuery(loose.filters, { cursor: "b1_2" })).toBe(`?account=${prefix}&cursor=b1_2`);

    const dealer = await makeDealer();
    const dealerViewer = (await loadViewer(dealer.userId, dealer.companyId, nowSeconds()))!;
    await expect(listLoginLog(dealerViewer, url(""))).rejects.toThrow();
  });
});
