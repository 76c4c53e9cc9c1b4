import { describe, expect, it } from "vitest";
import { checkCredentials } from "@/lib/auth/credentials";
import { db } from "@/lib/db";
import { monthDate, shanghaiMonth } from "@/lib/plans/deadline";
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

  it("gives D001 one approved plan for the current month with a line cut by sales operations, and every demo part its category", async () => {
    await seed();
    const d001 = await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { id: true } });
    const month = monthDate(shanghaiMonth(new Date()));
    const plans = () => db().purchasePlan.findMany({ where: { companyId: d001.id, month }, include: { lines: true } });
    const [plan] = await plans();
    expect(plan.status).toBe("APPROVED");
    expect(plan.planNo).toMatch(/^PP/);
    const cut = plan.lines.filter((l) => l.quantity !== l.requestedQty);
    const staff = await db().user.findUniqueOrThrow({ where: { account: "staff.sales" }, select: { id: true } });
    expect(cut.map((l) => [l.kind, l.adjustedById])).toEqual([["VEHICLE", staff.id]]);
    expect(plan.lines.filter((l) => l.kind === "PARTS").map((l) => l.partsCategory)).toEqual(["BRAKES", "FILTERS"]);
    expect(await db().statusEvent.count({ where: { entity: "PurchasePlan", entityId: plan.id } })).toBe(4);
    await seed();
    expect((await plans()).map((p) => p.id)).toEqual([plan.id]);

    const goods = await db().goods.findMany({ where: { OR: [{ code: { startsWith: "P-" } }, { code: { startsWith: "D-" } }], kind: { in: ["PART", "DERIVATIVE"] } } });
    expect(goods.length).toBeGreaterThan(20);
    const of = (code: string) => goods.find((g) => g.code === code)?.partsCategory;
    expect([of("P-BP-AUR-F"), of("P-OF-15T"), of("P-OIL-5W30"), of("P-BAT-70AH"), of("P-WB-SET"), of("D-DASH-4K"), of("P-TB-KIT")]).toEqual([
      "BRAKES",
      "FILTERS",
      "FLUIDS",
      "ELECTRICAL",
      "BODY_TRIM",
      "ACCESSORIES",
      "OTHER",
    ]);
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
