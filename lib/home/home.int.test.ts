import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { makeOrganization, makeUser, uid } from "@/lib/test/factories";
import { FIGURE_CAP, shanghaiMonthStart } from "./figures";
import { loadHome, NEWS_ON_HOME, type HomeData } from "./queries";
import { cartLine, countQueries, makeCatalog, makeComplaint, makeDealer, makeOrder, makeReturn, makeSale, makeStaff, makeVehicle, type Catalog, type Dealer } from "./test-data";

// The workbench home against PostgreSQL: a dealer's figures follow its own company's rows (and
// its own carts) and never another company's; staff work queues count within their data scope
// and open the lists filtered to exactly those rows; only visible news is listed; and the home
// costs the same number of queries however much data there is.

let orgA: number;
let a: Dealer;
let b: Dealer;
let cat: Catalog;
let staffAll: Viewer;
let staffOrgA: Viewer;
let author: number;

const figure = (home: HomeData, tile: string, key: string) => home.tiles.find((t) => t.key === tile)?.figures.find((f) => f.key === key);
const count = (home: HomeData, tile: string, key: string) => figure(home, tile, key)?.count;
const work = (home: HomeData, key: string) => home.work.find((w) => w.key === key)?.count;

beforeAll(async () => {
  orgA = (await makeOrganization()).id;
  a = await makeDealer(orgA);
  b = await makeDealer();
  cat = await makeCatalog();
  staffAll = await makeStaff({ dataScope: "ALL", role: "SALES_OPS" });
  const screens = ["onlineMall/car/order", "onlineMall/mountings/order", "afterSale/salesReturn", "afterSale/complaint"];
  staffOrgA = await makeStaff({ dataScope: "ORG", organizationId: orgA, paths: screens, permissions: ["order:confirm", "salesReturn:approve", "complaint:reply"] });
  author = (await makeUser({ userType: "STAFF" })).id;
});

describe("a dealer's tiles", () => {
  it("shows the seven seeded tiles in their order, each with its own icon and the figures that help", async () => {
    const home = await loadHome(a.viewer);
    expect(home.tiles.map((t) => t.key)).toEqual([
      "car.vehicleSales",
      "car.stock",
      "onlineMall.car.goods",
      "onlineMall.mountings.goods",
      "home.records",
      "afterSale.complaint",
      "download.downloadCenters",
    ]);
    expect(home.tiles.map((t) => t.nameEn)).toEqual(["Vehicle", "Inventory", "Vehicle Mall", "Parts Mall", "Records", "Customer Complaint", "Download Center"]);
    expect(new Set(home.tiles.map((t) => t.icon)).size).toBe(7);
    expect(home.tiles.find((t) => t.key === "onlineMall.car.goods")!.figures).toEqual([
      { key: "vehicleCart", count: 0, href: "onlineMall/car/cart" },
      { key: "vehicleAwaitingReceipt", count: 0, href: "onlineMall/car/order?status=SHIPPED" },
    ]);
    expect(home.tiles.find((t) => t.key === "afterSale.complaint")!.figures.map((f) => [f.key, f.href])).toEqual([
      ["openComplaints", null],
      ["repliedComplaints", "afterSale/complaint?status=REPLIED"],
    ]);
    expect(home.work).toEqual([]);
    expect(home.account.company?.id).toBe(a.company);
  });

  it("counts the dealer's own rows as they are made, and none of another company's", async () => {
    const before = await loadHome(a.viewer);
    const otherBefore = await loadHome(b.viewer);

    // Company A: carts (the user's own), orders on their way, complaints, stock, sales.
    await cartLine(a, cat.vehicleGoods);
    await cartLine(a, cat.partGoods);
    await cartLine(a, cat.derivativeGoods);
    await makeOrder(a, cat, { type: "VEHICLE", status: "SHIPPED" });
    await makeOrder(a, cat, { type: "PARTS", status: "SHIPPED" });
    await makeOrder(a, cat, { type: "PARTS", status: "SHIPPED" });
    await makeOrder(a, cat, { type: "PARTS", status: "CONFIRMED" });
    await makeComplaint(a, { status: "SUBMITTED" });
    await makeComplaint(a, { status: "REPLIED" });
    await makeComplaint(a, { status: "CLOSED" });
    await makeVehicle(a, cat, "IN_STOCK");
    await makeVehicle(a, cat, "SOLD");
    await makeSale(a, cat, new Date());
    await makeSale(a, cat, new Date(shanghaiMonthStart().getTime() - 60_000)); // last month
    await makeSale(a, cat, new Date(), new Date()); // returned: no longer a sale
    // A colleague's cart in the same company is not this user's cart.
    const colleague = await makeUser({ userType: "DEALER", companyIds: [a.company] });
    await db().cartLine.create({ data: { companyId: a.company, userId: colleague.id, goodsId: cat.partGoods, quantity: 1 } });
    // Company B's rows of every kind.
    await cartLine(b, cat.vehicleGoods);
    await makeOrder(b, cat, { type: "VEHICLE", status: "SHIPPED" });
    await makeComplaint(b, { status: "REPLIED" });
    await makeVehicle(b, cat, "IN_STOCK");
    await makeSale(b, cat, new Date());

    const after = await loadHome(a.viewer);
    const delta = (tile: string, key: string) => count(after, tile, key)! - count(before, tile, key)!;
    expect(delta("onlineMall.car.goods", "vehicleCart")).toBe(1);
    expect(delta("onlineMall.mountings.goods", "partsCart")).toBe(2);
    expect(delta("onlineMall.car.goods", "vehicleAwaitingReceipt")).toBe(1);
    expect(delta("onlineMall.mountings.goods", "partsAwaitingReceipt")).toBe(2);
    expect(delta("afterSale.complaint", "openComplaints")).toBe(2);
    expect(delta("afterSale.complaint", "repliedComplaints")).toBe(1);
    // The IN_STOCK vehicle and the returned one (back in stock).
    expect(delta("car.stock", "inStock")).toBe(2);
    expect(delta("car.vehicleSales", "soldThisMonth")).toBe(1);

    const other = await loadHome(b.viewer);
    expect(count(other, "onlineMall.car.goods", "vehicleCart")! - count(otherBefore, "onlineMall.car.goods", "vehicleCart")!).toBe(1);
    expect(count(other, "onlineMall.car.goods", "vehicleAwaitingReceipt")! - count(otherBefore, "onlineMall.car.goods", "vehicleAwaitingReceipt")!).toBe(1);
    expect(count(other, "afterSale.complaint", "openComplaints")! - count(otherBefore, "afterSale.complaint", "openComplaints")!).toBe(1);
    expect(count(other, "car.stock", "inStock")! - count(otherBefore, "car.stock", "inStock")!).toBe(1);
    expect(count(other, "car.vehicleSales", "soldThisMonth")! - count(otherBefore, "car.vehicleSales", "soldThisMonth")!).toBe(1);
  });

  it("hides orders the dealer deleted from the figures, as the order list does", async () => {
    const before = count(await loadHome(a.viewer), "onlineMall.mountings.goods", "partsAwaitingReceipt")!;
    await makeOrder(a, cat, { type: "PARTS", status: "SHIPPED", dealerDeleted: true });
    expect(count(await loadHome(a.viewer), "onlineMall.mountings.goods", "partsAwaitingReceipt")).toBe(before);
  });

  it("counts the customer warehouse on the Inventory tile: units on hand, entries to put away, overdue stocktake plans; none of another company's", async () => {
    const before = await loadHome(a.viewer);
    const otherBefore = await loadHome(b.viewer);
    const w = await db().warehouse.create({ data: { companyId: a.company, code: "HOME-W", name: "Home", locations: { create: [{ code: "L1" }] } }, include: { locations: true } });
    await db().stockOnHand.create({ data: { companyId: a.company, warehouseId: w.id, locationId: w.locations[0].id, goodsId: cat.partGoods, quantity: 7 } });
    await db().wmsDocument.create({ data: { docNo: `WE-HOME-${a.company}`, type: "ENTRY", companyId: a.company, warehouseId: w.id, source: "OTHER", createdById: a.user } });
    await db().stocktakePlan.create({ data: { companyId: a.company, name: "Monthly", warehouseId: w.id, cycle: "MONTHLY", nextDate: new Date("2020-01-01T00:00:00Z") } });
    await db().stocktakePlan.create({ data: { companyId: a.company, name: "Later", warehouseId: w.id, cycle: "MONTHLY", nextDate: new Date("2099-01-01T00:00:00Z") } });
    const after = await loadHome(a.viewer);
    const delta = (key: string) => count(after, "car.stock", key)! - count(before, "car.stock", key)!;
    expect([delta("warehouseStock"), delta("entriesToPost"), delta("overduePlans")]).toEqual([7, 1, 1]);
    expect(figure(after, "car.stock", "entriesToPost")?.href).toBe("customerWms/entryWarehouseOrder?status=DRAFT");
    const other = await loadHome(b.viewer);
    for (const key of ["warehouseStock", "entriesToPost", "overduePlans"]) expect(count(other, "car.stock", key)).toBe(count(otherBefore, "car.stock", key));
  });

  it("counts enabled download items only", async () => {
    const before = count(await loadHome(a.viewer), "download.downloadCenters", "downloads")!;
    const item = (enabled: boolean) =>
      db().downloadItem.create({ data: { title: uid("Item "), content: "<p>x</p>", downloadUrl: "https://example.com/x.pdf", enabled, creatorId: author, creatorName: "Staff" } });
    await item(true);
    await item(false);
    expect(count(await loadHome(a.viewer), "download.downloadCenters", "downloads")).toBe(before + 1);
  });
});

describe("latest news", () => {
  it("lists visible articles only, newest first, at most five", async () => {
    const news = (status: "PUBLISHED" | "DRAFT" | "UNPUBLISHED", publishAt: Date | null) =>
      db().news.create({
        data: {
          slug: uid("n"),
          titleEn: uid("Title "),
          titleZh: uid("标题"),
          summaryEn: "s",
          summaryZh: "s",
          detailEn: "<p>d</p>",
          detailZh: "<p>d</p>",
          status,
          publishAt,
          authorId: author,
        },
        select: { id: true },
      });
    const now = new Date();
    const older = await news("PUBLISHED", new Date(now.getTime() - 120_000));
    const newest = await news("PUBLISHED", new Date(now.getTime() - 1_000));
    const scheduled = await news("PUBLISHED", new Date(now.getTime() + 3_600_000));
    const draft = await news("DRAFT", new Date(now.getTime() - 500));
    const pulled = await news("UNPUBLISHED", new Date(now.getTime() - 500));
    const home = await loadHome(a.viewer, now);
    const ids = home.news!.map((n) => n.id);
    expect(ids[0]).toBe(newest.id);
    expect(ids.length).toBeLessThanOrEqual(NEWS_ON_HOME);
    if (ids.length < NEWS_ON_HOME) expect(ids).toContain(older.id);
    for (const hidden of [scheduled, draft, pulled]) expect(ids).not.toContain(hidden.id);
    const dates = home.news!.map((n) => n.publishAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The scheduled article shows once its time has come.
    const later = await loadHome(a.viewer, new Date(now.getTime() + 2 * 3_600_000));
    expect(later.news![0].id).toBe(scheduled.id);
  });
});

describe("staff work queues", () => {
  it("counts the work within the data scope and opens each list filtered to it", async () => {
    const [allBefore, orgBefore] = await Promise.all([loadHome(staffAll), loadHome(staffOrgA)]);
    await makeOrder(a, cat, { type: "VEHICLE", status: "SUBMITTED" });
    await makeOrder(a, cat, { type: "PARTS", status: "SUBMITTED" });
    await makeOrder(a, cat, { type: "PARTS", status: "CONFIRMED" });
    await makeReturn(a, cat, { status: "SUBMITTED" });
    await makeReturn(a, cat, { status: "SHIPPED" });
    await makeComplaint(a, { status: "SUBMITTED" });
    await makeComplaint(a, { status: "PROCESSING" });
    // Outside the ORG scope.
    await makeOrder(b, cat, { type: "VEHICLE", status: "SUBMITTED" });
    await makeReturn(b, cat, { status: "SUBMITTED" });
    await makeComplaint(b, { status: "SUBMITTED" });
    const [all, org] = await Promise.all([loadHome(staffAll), loadHome(staffOrgA)]);

    // A queue's count stops past FIGURE_CAP (the shared test database's whole network can be
    // past it): then it stays at FIGURE_CAP + 1, else it grows by what was added.
    const d = (after: HomeData, before: HomeData, key: string) => work(after, key)! - work(before, key)!;
    const grew = (after: HomeData, before: HomeData, key: string, n: number) => expect(work(after, key)).toBe(Math.min(work(before, key)! + n, FIGURE_CAP + 1));
    grew(all, allBefore, "vehicleOrdersToConfirm", 2);
    grew(all, allBefore, "partsOrdersToConfirm", 1);
    grew(all, allBefore, "partsOrdersToShip", 1);
    grew(all, allBefore, "returnsToApprove", 2);
    grew(all, allBefore, "returnsToReceive", 1);
    grew(all, allBefore, "complaintsToTake", 2);
    grew(all, allBefore, "complaintsToReply", 1);

    expect(d(org, orgBefore, "vehicleOrdersToConfirm")).toBe(1);
    expect(d(org, orgBefore, "partsOrdersToConfirm")).toBe(1);
    expect(d(org, orgBefore, "returnsToApprove")).toBe(1);
    expect(d(org, orgBefore, "complaintsToTake")).toBe(1);
    expect(d(org, orgBefore, "complaintsToReply")).toBe(1);
    // Only the queues this staff member's permissions act on.
    expect(org.work.map((w) => w.key)).toEqual(["vehicleOrdersToConfirm", "partsOrdersToConfirm", "returnsToApprove", "complaintsToTake", "complaintsToReply"]);
    expect(org.work.map((w) => w.href)).toEqual([
      "onlineMall/car/order?status=SUBMITTED",
      "onlineMall/mountings/order?status=SUBMITTED",
      "afterSale/salesReturn?status=SUBMITTED",
      "afterSale/complaint?status=SUBMITTED",
      "afterSale/complaint?status=PROCESSING",
    ]);
    // The ORG-scoped staff's figures are exactly company A's rows.
    const companyA = { company: { organizationId: orgA } };
    expect(work(org, "vehicleOrdersToConfirm")).toBe(await db().order.count({ where: { ...companyA, type: "VEHICLE", status: "SUBMITTED" } }));
    expect(work(org, "complaintsToTake")).toBe(await db().complaint.count({ where: { ...companyA, status: "SUBMITTED" } }));
    // Staff have no carts, stock or sales of their own: their tiles carry no dealer figures.
    expect(all.tiles.flatMap((t) => t.figures.map((f) => f.key))).toEqual(["downloads"]);
  });

  it("shows no queue without the permission, nor for a screen the viewer may not open", async () => {
    const noButtons = await makeStaff({ dataScope: "ALL", paths: ["onlineMall/car/order", "afterSale/complaint"] });
    expect((await loadHome(noButtons)).work).toEqual([]);
    // The permission without the screen: the queue would open a 403, so it is left out.
    const noScreen = await makeStaff({ dataScope: "ALL", permissions: ["order:confirm"] });
    expect((await loadHome(noScreen)).work).toEqual([]);
  });
});

describe("cost", () => {
  it("issues the same small number of queries whatever the data, for dealers and staff", async () => {
    const fresh = await makeDealer();
    const emptyDealer = await countQueries(() => loadHome(fresh.viewer));
    for (let i = 0; i < 5; i++) {
      await cartLine(fresh, (await db().goods.create({ data: { kind: "PART", code: uid("G"), nameEn: "P", nameZh: "P", price: "1.00" }, select: { id: true } })).id);
      await makeOrder(fresh, cat, { status: "SHIPPED" });
      await makeComplaint(fresh, { status: "REPLIED" });
      await makeSale(fresh, cat, new Date());
    }
    const busyDealer = await countQueries(() => loadHome(fresh.viewer));
    expect(busyDealer).toBe(emptyDealer);
    expect(emptyDealer).toBeLessThanOrEqual(10);

    const staffQueries = await countQueries(() => loadHome(staffOrgA));
    await makeOrder(a, cat, { status: "SUBMITTED" });
    await makeComplaint(a, { status: "PROCESSING" });
    expect(await countQueries(() => loadHome(staffOrgA))).toBe(staffQueries);
    expect(staffQueries).toBeLessThanOrEqual(12);
  });
});
