import { describe, expect, it } from "vitest";
import { checkCredentials } from "@/lib/auth/credentials";
import { db } from "@/lib/db";
import { seed } from "./seed";

const counts = async () => {
  const p = db();
  const [users, companies, menus, roleMenus, userCompanies] = await Promise.all([p.user.count(), p.company.count(), p.menu.count(), p.roleMenu.count(), p.userCompany.count()]);
  return { users, companies, menus, roleMenus, userCompanies };
};

describe("demo seed", () => {
  it("is idempotent and gives the documented accounts", async () => {
    await seed();
    const first = await counts();
    await seed();
    expect(await counts()).toEqual(first);

    for (const [account, password] of [
      ["admin", "Admin@123456"],
      ["staff.sales", "Staff@123456"],
      ["dealer.sh", "Dealer@123456"],
      ["dealer.group", "Dealer@123456"],
    ]) {
      const res = await checkCredentials(account, password);
      expect(res.ok, account).toBe(true);
    }
    const group = await checkCredentials("dealer.group", "Dealer@123456");
    if (group.ok) expect(group.user.companies.map((c) => c.code)).toEqual(["D001", "D002"]);
  });

  it("seeds every route of the specification as a menu", async () => {
    const paths = new Set((await db().menu.findMany({ where: { type: "MENU" }, select: { path: true } })).map((m) => m.path));
    for (const p of [
      "system/workbench/home",
      "system/loginLog",
      "onlineMall/car/orderReconcil",
      "onlineMall/adress",
      "customerWms/storeCheckPlan",
      "afterSale/salesReturnLogs",
      "download/downloadCenters",
      "market/news",
      "crm/customerPlan",
      "car/vehicleInformation",
    ]) {
      expect(paths.has(p), p).toBe(true);
    }
  });
});
