import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { notificationFeed } from "@/lib/mall/notifications/feed";
import { makeCompany, makeGoods, makeOrganization, makeRole, makeStaff, makeUser, nowSeconds, roleId } from "@/lib/test/factories";
import { reminderLink } from "./notify";
import { ZSavePlan } from "./schemas";
import { adjustPlan, approvePlan, returnPlan, savePlan, submitPlan } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));

// Purchase plan notices in the reader's language: the rows keep the en-US text (lib/plans/notify.ts)
// and the bell (lib/mall/notifications/feed.ts) renders them again from the plan and the move's own
// history and audit rows, so a Chinese reader reads Chinese with the company's Chinese name, and
// every notice keeps its own move's values (two returns, two hand-ins) whatever happened since.

type Actor = { userId: number; viewer: Viewer; ctx: AuditCtx };

const NOW = new Date("2031-03-10T02:00:00Z");
const MONTH = "2031-04";

let dealer: Actor & { companyId: number; nameEn: string; nameZh: string };
let staff: Actor;
let car: number;

async function actor(userId: number, companyId: number | null): Promise<Actor> {
  const viewer = (await loadViewer(userId, companyId, nowSeconds()))!;
  return { userId, viewer, ctx: { userId, companyId, requestId: null } };
}

/** The viewer's plan notices of `planId` (or of its reminders), oldest first, in `locale`. */
async function notices(a: Actor, locale: "en-US" | "zh-CN", link: string) {
  const feed = await notificationFeed(a.viewer, locale, { limit: 50 });
  return feed.items
    .filter((i) => i.link === link)
    .reverse()
    .map((i) => ({ event: i.event, title: i.title, content: i.content }));
}

beforeAll(async () => {
  const org = (await makeOrganization()).id;
  const company = await makeCompany(org);
  const userId = (await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [await roleId("DEALER")] })).id;
  dealer = { ...(await actor(userId, company.id)), companyId: company.id, nameEn: company.nameEn, nameZh: company.nameZh };
  // Sales operations of this organization only, so no other test's plans reach their bell.
  const menus = await db().menu.findMany({ where: { key: { in: ["crm.customerPlan", "crm.customerPlan:plan:review"] } }, select: { id: true } });
  const role = await makeRole({ dataScope: "CUSTOM", organizationIds: [org], menuIds: menus.map((m) => m.id) });
  staff = await actor((await makeStaff({ roleIds: [role.id] })).id, null);
  car = (await makeGoods({ kind: "VEHICLE" })).id;
});

describe("plan notices in the reader's language", () => {
  it("renders every plan event again in Chinese, each with its own move's values", async () => {
    const lines = (vehicles: number) => [
      { kind: "VEHICLE", goodsId: car, quantity: vehicles },
      { kind: "PARTS", partsCategory: "FILTERS", quantity: 40 },
    ];
    const { id, planNo } = await savePlan(dealer.viewer, dealer.ctx, ZSavePlan.parse({ month: MONTH, lines: lines(5), submit: true }), NOW);
    const link = `crm/customerPlan?id=${id}`;
    const [vehicleLine] = await db().purchasePlanLine.findMany({ where: { planId: id, kind: "VEHICLE" } });
    await adjustPlan(staff.viewer, staff.ctx, { id, lines: [{ id: vehicleLine.id, quantity: 3 }], comment: "Allocation" }, NOW);
    // The dealer revises (handed in again with 2 cars), is returned twice, and finally approved.
    await savePlan(dealer.viewer, dealer.ctx, ZSavePlan.parse({ id, month: MONTH, lines: lines(2) }), NOW);
    await returnPlan(staff.viewer, staff.ctx, { id, comment: "Fewer filters" }, NOW);
    await submitPlan(dealer.viewer, dealer.ctx, { id }, NOW);
    await returnPlan(staff.viewer, staff.ctx, { id, comment: "Still too many" }, NOW);
    await submitPlan(dealer.viewer, dealer.ctx, { id }, NOW);
    await approvePlan(staff.viewer, staff.ctx, { id, lines: [], comment: "目标已定" }, NOW);

    // Stored in English only.
    const stored = await db().notification.findMany({ where: { link }, orderBy: { id: "asc" }, select: { content: true } });
    expect(stored.length).toBeGreaterThan(0);
    for (const s of stored) expect(s.content).not.toContain("采购计划");

    // Sales operations: four hand-ins (submit, revision, two resubmissions), each with the total it handed in.
    expect(await notices(staff, "zh-CN", link)).toEqual(
      [45, 42, 42, 42].map((quantity) => ({
        event: "purchasePlan.submitted",
        title: `待审核采购计划：${planNo}`,
        content: `${dealer.nameZh} 提交了 ${MONTH} 的采购计划 ${planNo}（共 ${quantity} 件）。`,
      })),
    );
    expect((await notices(staff, "en-US", link))[0].content).toBe(`${dealer.nameEn} handed in purchase plan ${planNo} for ${MONTH} (45 units in all).`);

    // The dealer: adjusted, returned twice (each its own comment), approved.
    expect(await notices(dealer, "zh-CN", link)).toEqual([
      { event: "purchasePlan.adjusted", title: `采购计划 ${planNo} 数量已调整`, content: `销售运营调整了您 ${MONTH} 采购计划 ${planNo} 中 1 行的数量。Allocation` },
      { event: "purchasePlan.returned", title: `采购计划 ${planNo} 已退回`, content: `您 ${MONTH} 的采购计划 ${planNo} 被退回：Fewer filters` },
      { event: "purchasePlan.returned", title: `采购计划 ${planNo} 已退回`, content: `您 ${MONTH} 的采购计划 ${planNo} 被退回：Still too many` },
      { event: "purchasePlan.approved", title: `采购计划 ${planNo} 已批准`, content: `您 ${MONTH} 的采购计划 ${planNo} 已批准，作为当月目标。目标已定` },
    ]);
    expect((await notices(dealer, "en-US", link)).map((n) => n.content)).toEqual([
      `Sales operations changed the quantity of 1 line(s) of your purchase plan ${planNo} for ${MONTH}. Allocation`,
      `Your purchase plan ${planNo} for ${MONTH} was returned: Fewer filters`,
      `Your purchase plan ${planNo} for ${MONTH} was returned: Still too many`,
      `Your purchase plan ${planNo} for ${MONTH} was approved and is the month's target. 目标已定`,
    ]);
  });

  it("renders a reminder in Chinese from the month in its link; a notice whose plan is gone keeps its stored text", async () => {
    const link = reminderLink(MONTH);
    await db().notification.create({
      data: {
        userId: dealer.userId,
        companyId: dealer.companyId,
        event: "purchasePlan.reminder",
        title: `Purchase plan for ${MONTH} due by 2031-03-25`,
        content: "stored",
        link,
      },
    });
    expect(await notices(dealer, "zh-CN", link)).toEqual([
      { event: "purchasePlan.reminder", title: `请在 2031-03-25 前提交 ${MONTH} 采购计划`, content: `贵公司尚未提交 ${MONTH} 的采购计划，截止时间为 2031-03-25 当日结束。` },
    ]);

    const gone = "crm/customerPlan?id=2147483000";
    await db().notification.create({
      data: { userId: dealer.userId, companyId: dealer.companyId, event: "purchasePlan.approved", title: "Kept title", content: "Kept content", link: gone },
    });
    expect(await notices(dealer, "zh-CN", gone)).toEqual([{ event: "purchasePlan.approved", title: "Kept title", content: "Kept content" }]);
  });
});
