import { beforeAll, describe, expect, it, vi } from "vitest";
import { companyScopeWhere } from "@/lib/access/scope";
import { exportResource, importResource, loadList } from "@/lib/admin/resource";
import { attemptSignIn } from "@/lib/auth/credentials";
import { loadSessionViewer, loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { residentIdCheck } from "@/lib/people/resident-id";
import { sellVehicle } from "@/lib/vehicles/sales/service";
import { dateToMinute } from "@/lib/vehicles/schemas";
import { withCheckDigit } from "@/lib/vehicles/vin";
import { submitOrder } from "@/lib/mall/orders/service";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeMenu, makeOrganization, makeRole, makeStaff, makeUser, makeVehicleModel, nowSeconds, roleId, uid } from "@/lib/test/factories";
import { listVehicleSales } from "@/lib/vehicles/sales/queries";
import { xlsxBuffer } from "@/lib/admin/excel";
import { onboardCompanyAction, searchDealerUsersAction, setCompanyEnabledAction, updateCompanyAction } from "./actions";
import { companyResource } from "./resource";
import { onboardCompany, setCompanyEnabled, updateCompany } from "./service";
import { withUsccCheck } from "./uscc";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Dealer companies (issue 19) against PostgreSQL: a dealer onboarded through the service signs
// in, orders and is seen by staff whose scope covers its region and by no one else; disabling
// it ends its sessions at the next request and refuses orders for it; the licence number's
// check character, the code's uniqueness (also under concurrent onboardings) and the code fixed
// once used; the import's per-row errors; the actions' authorization matrix.

const PASSWORD = "Onboard#Plum-2026";
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });
let seq = 0;
/** A unique valid licence number. */
const licence = () => withUsccCheck(`9131011${String(Date.now() % 1e6).padStart(6, "0")}${String(++seq).padStart(4, "0")}`);
const mobile = () => `13${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

let admin: Viewer;
let regionA: number;
let regionB: number;
let area: number[];
let orgSource: number;
let dealerRole: number;

beforeAll(async () => {
  admin = (await loadViewer((await makeUser({ userType: "ADMIN" })).id, null, nowSeconds()))!;
  const hq = await makeOrganization();
  regionA = (await makeOrganization(hq.id, "REGION")).id;
  regionB = (await makeOrganization(hq.id, "REGION")).id;
  const district = await db().regionArea.findUniqueOrThrow({ where: { code: "110105" }, select: { id: true, parentId: true } });
  const city = await db().regionArea.findUniqueOrThrow({ where: { id: district.parentId! }, select: { id: true, parentId: true } });
  area = [city.parentId!, city.id, district.id];
  orgSource = (await db().orgSource.findFirstOrThrow({ where: { enabled: true }, select: { id: true } })).id;
  dealerRole = await roleId("DEALER");
});

function onboarding(over: Record<string, unknown> = {}) {
  const code = uid("D").toUpperCase();
  return {
    code,
    nameEn: `Dealer ${code}`,
    nameZh: `经销商${code}`,
    orgSourceId: orgSource,
    organizationId: regionA,
    area,
    address: "No. 8 Test Road",
    contact: "Li Wei",
    phone: "021-55551234",
    licenseNo: licence(),
    userMode: "new" as const,
    account: uid("new.dealer."),
    userName: "Sun Li",
    userPhone: mobile(),
    password: PASSWORD,
    roleIds: [dealerRole],
    linkUserIds: [] as number[],
    receiver: "Sun Li",
    receiverPhone: mobile(),
    receiverArea: area,
    receiverAddress: "No. 8 Test Road, gate 2",
    ...over,
  };
}

/** Staff whose data scope is one region (CUSTOM), with the companies screen. */
async function regionStaff(organizationId: number, menuIds: number[] = []) {
  const screen = await db().menu.findFirstOrThrow({ where: { path: "system/company" }, select: { id: true } });
  const role = await makeRole({ dataScope: "CUSTOM", organizationIds: [organizationId], menuIds: [screen.id, ...menuIds] });
  const user = await makeStaff({ roleIds: [role.id] });
  return (await loadViewer(user.id, null, nowSeconds()))!;
}

async function signIn(account: string, companyCode?: string) {
  return attemptSignIn({ account, password: PASSWORD, companyCode }, { ip: "10.9.0.1", userAgent: "vitest", stage: "session" });
}

describe("onboarding a dealer", () => {
  it("creates the company, its first user and default address; the user signs in, orders, and staff in scope (only) see it", async () => {
    const input = onboarding();
    const made = (await onboardCompany(admin, ctxOf(admin), input as never))!;
    const company = await db().company.findUniqueOrThrow({ where: { id: made.id }, include: { addresses: true, users: { include: { user: { include: { roles: true } } } } } });
    expect(company).toMatchObject({ code: input.code, status: "ACTIVE", organizationId: regionA, regionAreaId: area[2], licenseNo: input.licenseNo, contact: "Li Wei" });
    expect(company.addresses).toMatchObject([{ isDefault: true, receiver: "Sun Li", regionAreaId: area[2] }]);
    expect(company.users).toHaveLength(1);
    expect(company.users[0].user).toMatchObject({ account: input.account, userType: "DEALER", status: "ACTIVE" });
    expect(company.users[0].user.roles.map((r) => r.roleId)).toEqual([dealerRole]);
    expect(await db().auditLog.count({ where: { entity: "Company", entityId: String(made.id), action: "create" } })).toBe(1);

    // Its user signs in (the one company is picked) and orders from its default address.
    const signed = await signIn(input.account);
    expect(signed).toMatchObject({ ok: true, companyId: made.id });
    if (!signed.ok) throw new Error("sign-in");
    const viewer = (await loadSessionViewer({ sid: signed.sessionId!, userId: signed.user.id, companyId: made.id }))!;
    expect(viewer.company?.code).toBe(input.code);
    const goods = await db().goods.create({ data: { kind: "PART", code: uid("G"), nameEn: "Filter", nameZh: "滤清器", price: "10.00", stock: 5, minOrderQty: 1, onSale: true } });
    const line = await db().cartLine.create({ data: { companyId: made.id, userId: viewer.userId, goodsId: goods.id, quantity: 1 } });
    const order = await submitOrder(
      viewer,
      ctxOf(viewer),
      {
        type: "PARTS",
        cartLineIds: [line.id],
        phone: input.userPhone,
        deliveryWay: "LOGISTICS",
        addressId: company.addresses[0].id,
        carrierType: null,
        secondaryDestination: null,
        remark: null,
      },
      uid("k"),
    );
    expect(order.created).toBe(true);

    // A retail sale of the dealer: staff of region A see it; staff of region B do not.
    const model = await makeVehicleModel();
    const car = await db().goods.create({
      data: { kind: "VEHICLE", code: uid("V"), nameEn: "Car", nameZh: "车", price: "100000.00", stock: 0, minOrderQty: 1, onSale: true, vehicleModelId: model.id },
    });
    const vin = withCheckDigit(`LS6${uid("").slice(0, 10).toUpperCase()}0001`);
    await db().vehicle.create({ data: { vin, goodsId: car.id, vehicleModelId: model.id, status: "IN_STOCK", companyId: made.id, entryAt: new Date(Date.now() - 86_400_000) } });
    const first17 = "11010119900307011";
    await sellVehicle(viewer, ctxOf(viewer), {
      vin,
      soldAt: dateToMinute(new Date(Date.now() - 60_000)),
      ownerName: "Zhou Min",
      phone: "13800001111",
      idType: "PRC_ID",
      idNumber: first17 + residentIdCheck(first17),
    });
    const [inScope, outOfScope] = [await regionStaff(regionA), await regionStaff(regionB)];
    const sales = (v: Viewer) => listVehicleSales(v, { values: { company: input.code }, cursor: "", size: 20 });
    expect((await sales(inScope)).rows.map((r) => r.vin)).toEqual([vin]);
    expect((await sales(outOfScope)).rows).toHaveLength(0);
    const visible = async (v: Viewer) => db().company.count({ where: { AND: [{ id: made.id }, await companyScopeWhere(v)] } });
    expect([await visible(inScope), await visible(outOfScope)]).toEqual([1, 0]);
    // Staff outside the scope cannot edit or disable it: a 404, as for a missing company.
    await expect(updateCompany(outOfScope, ctxOf(outOfScope), { id: made.id, ...input } as never)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setCompanyEnabled(outOfScope, ctxOf(outOfScope), { id: made.id, enabled: false })).rejects.toBeInstanceOf(NotFoundError);
    // Nor place one under a region they do not see.
    await expect(onboardCompany(outOfScope, ctxOf(outOfScope), onboarding() as never)).rejects.toThrow();
  });

  it("links existing dealer users as a dealer group: they pick the new company at sign-in", async () => {
    const first = (await onboardCompany(admin, ctxOf(admin), onboarding() as never))!;
    const groupUser = (await db().user.findUniqueOrThrow({ where: { id: first.userIds[0] }, select: { id: true, account: true } }))!;
    const second = (await onboardCompany(admin, ctxOf(admin), onboarding({ userMode: "link", linkUserIds: [groupUser.id], account: undefined, password: undefined }) as never))!;
    expect(second.userIds).toEqual([groupUser.id]);
    expect(await signIn(groupUser.account)).toMatchObject({ ok: false, error: "COMPANY_REQUIRED" });
    const code = (await db().company.findUniqueOrThrow({ where: { id: second.id } })).code;
    expect(await signIn(groupUser.account, code)).toMatchObject({ ok: true, companyId: second.id });
    // Staff cannot link users they do not see, nor staff users.
    const staffUser = await makeStaff();
    await expect(onboardCompany(admin, ctxOf(admin), onboarding({ userMode: "link", linkUserIds: [staffUser.id] }) as never)).rejects.toMatchObject({
      key: "CompanyAdmin.errors.unknownUser",
    });
  });

  it("refuses a taken code or licence, a wrong check character, and keeps nothing of a refused onboarding", async () => {
    setTestLocale("en-US");
    await actAs({ id: admin.userId });
    const taken = onboarding();
    expect(await onboardCompanyAction(taken)).toMatchObject({ ok: true });
    const companies = await db().company.count();
    const users = await db().user.count();
    const again = await onboardCompanyAction(onboarding({ code: taken.code.toLowerCase() }));
    expect(again).toMatchObject({ ok: false, fieldErrors: { code: `Code ${taken.code.toLowerCase()} is already used by another company.` } });
    expect(await onboardCompanyAction(onboarding({ licenseNo: taken.licenseNo }))).toMatchObject({ ok: false, fieldErrors: { licenseNo: expect.stringContaining(taken.code) } });
    const wrong = taken.licenseNo.slice(0, 17) + (taken.licenseNo[17] === "0" ? "1" : "0");
    expect(await onboardCompanyAction(onboarding({ licenseNo: wrong }))).toMatchObject({
      ok: false,
      fieldErrors: { licenseNo: "Business licence number has a wrong check character (position 18)" },
    });
    setTestLocale("zh-CN");
    expect(await onboardCompanyAction(onboarding({ licenseNo: "123" }))).toMatchObject({ ok: false, fieldErrors: { licenseNo: "营业执照号必须为18位" } });
    expect(await onboardCompanyAction(onboarding({ account: "" }))).toMatchObject({ ok: false, fieldErrors: { account: "请输入账号" } });
    setTestLocale("en-US");
    // A taken account fails after the company row was written: the transaction takes it back.
    const existing = await makeUser({ userType: "DEALER" });
    expect(await onboardCompanyAction(onboarding({ account: existing.account }))).toMatchObject({ ok: false, fieldErrors: { account: expect.any(String) } });
    expect([await db().company.count(), await db().user.count()]).toEqual([companies, users + 1]);
  });

  it("gives one code to one of ten concurrent onboardings", async () => {
    const code = uid("C").toUpperCase();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => onboardCompany(admin, ctxOf(admin), onboarding({ code }) as never)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) expect(r.reason).toMatchObject({ key: "CompanyAdmin.errors.codeTaken" });
    expect(await db().company.count({ where: { code } })).toBe(1);
  });

  it("fixes the code once the company has business, and edits everything else", async () => {
    const made = (await onboardCompany(admin, ctxOf(admin), onboarding() as never))!;
    const row = await db().company.findUniqueOrThrow({ where: { id: made.id } });
    const base = {
      id: made.id,
      code: row.code,
      nameEn: "Renamed",
      nameZh: "改名",
      orgSourceId: orgSource,
      organizationId: regionB,
      area,
      address: "New road 1",
      contact: "Wu",
      phone: "13700000000",
      licenseNo: row.licenseNo!,
    };
    const renamed = await updateCompany(admin, ctxOf(admin), { ...base, code: `${row.code}X` });
    expect(renamed).toMatchObject({ code: `${row.code}X`, nameEn: "Renamed", organizationId: regionB });
    const goods = await db().goods.create({ data: { kind: "PART", code: uid("G"), nameEn: "Bolt", nameZh: "螺栓", price: "1.00", stock: 5, minOrderQty: 1, onSale: true } });
    await db().cartLine.create({ data: { companyId: made.id, userId: made.userIds[0], goodsId: goods.id, quantity: 1 } });
    await expect(updateCompany(admin, ctxOf(admin), { ...base, code: `${row.code}Y` })).rejects.toMatchObject({ key: "CompanyAdmin.errors.codeFixed", field: "code" });
  });
});

describe("disabling a dealer", () => {
  it("ends its sessions at the next request, hides it at sign-in, refuses orders for it, keeps its history; enabling brings it back", async () => {
    const input = onboarding();
    const made = (await onboardCompany(admin, ctxOf(admin), input as never))!;
    const signed = await signIn(input.account);
    if (!signed.ok) throw new Error("sign-in");
    const session = { sid: signed.sessionId!, userId: signed.user.id, companyId: made.id };
    const viewer = (await loadSessionViewer(session))!;
    const goods = await db().goods.create({ data: { kind: "PART", code: uid("G"), nameEn: "Oil", nameZh: "机油", price: "5.00", stock: 5, minOrderQty: 1, onSale: true } });
    const address = await db().address.findFirstOrThrow({ where: { companyId: made.id } });
    const line = await db().cartLine.create({ data: { companyId: made.id, userId: viewer.userId, goodsId: goods.id, quantity: 1 } });

    const done = await setCompanyEnabled(admin, ctxOf(admin), { id: made.id, enabled: false });
    expect(done).toMatchObject({ status: "DISABLED", sessionsEnded: 1 });
    expect(await loadSessionViewer(session)).toBeNull();
    expect(await signIn(input.account)).toMatchObject({ ok: false, error: "COMPANY_INVALID" });
    // An order for it, even from a request that passed its checks before the disable, is refused.
    const form = {
      type: "PARTS" as const,
      cartLineIds: [line.id],
      phone: input.userPhone,
      deliveryWay: "LOGISTICS",
      addressId: address.id,
      carrierType: null,
      secondaryDestination: null,
      remark: null,
    };
    await expect(submitOrder(viewer, ctxOf(viewer), form, uid("k"))).rejects.toMatchObject({ key: "Orders.errors.companyDisabled" });
    expect(await db().order.count({ where: { companyId: made.id } })).toBe(0);
    // Its history stays readable to staff.
    expect((await loadList(companyResource, admin, new URLSearchParams({ keyword: input.code }))).rows).toMatchObject([{ code: input.code, status: "DISABLED" }]);

    await setCompanyEnabled(admin, ctxOf(admin), { id: made.id, enabled: true });
    expect(await signIn(input.account)).toMatchObject({ ok: true, companyId: made.id });
  });

  it("an order racing the disable either commits before it or is refused", async () => {
    const input = onboarding();
    const made = (await onboardCompany(admin, ctxOf(admin), input as never))!;
    const viewer = (await loadViewer(made.userIds[0], made.id, nowSeconds()))!;
    const address = await db().address.findFirstOrThrow({ where: { companyId: made.id } });
    const goods = await db().goods.create({ data: { kind: "PART", code: uid("G"), nameEn: "Wiper", nameZh: "雨刮", price: "5.00", stock: 100, minOrderQty: 1, onSale: true } });
    const lines = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const other = await db().goods.create({ data: { kind: "PART", code: uid("G"), nameEn: "Wiper", nameZh: "雨刮", price: "5.00", stock: 100, minOrderQty: 1, onSale: true } });
        return db().cartLine.create({ data: { companyId: made.id, userId: viewer.userId, goodsId: other.id, quantity: 1 } });
      }),
    );
    const orders = lines.map((l) =>
      submitOrder(
        viewer,
        ctxOf(viewer),
        {
          type: "PARTS",
          cartLineIds: [l.id],
          phone: input.userPhone,
          deliveryWay: "LOGISTICS",
          addressId: address.id,
          carrierType: null,
          secondaryDestination: null,
          remark: null,
        },
        uid("k"),
      ),
    );
    const results = await Promise.allSettled([...orders, setCompanyEnabled(admin, ctxOf(admin), { id: made.id, enabled: false })]);
    for (const r of results.slice(0, 8)) if (r.status === "rejected") expect(r.reason).toMatchObject({ key: "Orders.errors.companyDisabled" });
    const { disabledAt } = await db().company.findUniqueOrThrow({ where: { id: made.id } });
    for (const o of await db().order.findMany({ where: { companyId: made.id }, select: { createdAt: true } }))
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(disabledAt!.getTime());
    const ordered = await db().order.count({ where: { companyId: made.id } });
    const stock = await db().goods.aggregate({
      where: { id: { in: (await db().orderLine.findMany({ where: { order: { companyId: made.id } }, select: { goodsId: true } })).map((l) => l.goodsId) } },
      _sum: { stock: true },
    });
    expect(stock._sum.stock ?? 0).toBe(ordered * 99);
    expect(goods.stock).toBe(100);
  });
});

describe("import and export", () => {
  const sheet = async (rows: Record<string, string>[]) =>
    new Uint8Array(
      await xlsxBuffer(
        "Dealer companies",
        ["code", "nameEn", "nameZh", "orgSource", "organization", "area", "address", "contact", "phone", "licenseNo"].map((key) => ({
          key,
          header: translator("CompanyAdmin")(`fields.${key}`),
          width: 10,
        })),
        rows,
      ),
    );

  it("answers per-row errors and saves nothing, then imports a clean file and exports it back", async () => {
    setTestLocale("en-US");
    const org = await db().organization.findUniqueOrThrow({ where: { id: regionA } });
    const source = await db().orgSource.findUniqueOrThrow({ where: { id: orgSource } });
    const good = () => ({
      code: uid("I").toUpperCase(),
      nameEn: "Imported",
      nameZh: "导入",
      orgSource: source.code,
      organization: org.code,
      area: "110105",
      address: "Road 1",
      contact: "Ma",
      phone: "13711112222",
      licenseNo: licence(),
    });
    const [ok1, ok2] = [good(), good()];
    const before = await db().company.count();
    const errorsOf = (a: unknown) => (a as { body: { errors: { row: number; field: string; message: string }[] } }).body.errors;
    // The rows' own checks first; the database's (references, scope) once every row is well-formed.
    const bad = await importResource(companyResource, admin, new File([await sheet([ok1, { ...good(), licenseNo: "91310115MA1H000012" }])], "c.xlsx"), null);
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toEqual([{ row: 3, field: "Business licence number", message: "Business licence number has a wrong check character (position 18)" }]);
    const unknown = await importResource(
      companyResource,
      admin,
      new File([await sheet([ok1, { ...good(), organization: "NOPE" }, { ...good(), licenseNo: ok1.licenseNo }])], "c.xlsx"),
      null,
    );
    expect(errorsOf(unknown)).toEqual([
      { row: 3, field: "Region", message: "Region: NOPE is not a region within your data scope." },
      { row: 4, field: "Business licence number", message: "Business licence number: the same number is on row 2." },
    ]);
    expect(await db().company.count()).toBe(before);
    const done = await importResource(companyResource, admin, new File([await sheet([ok1, ok2])], "c.xlsx"), null);
    expect(done).toMatchObject({ status: 200, body: { created: 2, updated: 0 } });
    // Staff of another region cannot overwrite these by importing their codes.
    const outsider = await regionStaff(regionB, [(await makeMenu({ type: "BUTTON", permission: "company:import" })).id]);
    const refused = await importResource(companyResource, outsider, new File([await sheet([{ ...ok1, nameEn: "Hijacked", organization: org.code }])], "c.xlsx"), null);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused)).toEqual([{ row: 2, field: "Code", message: `Code: company ${ok1.code} is outside your data scope.` }]);
    expect((await db().company.findUniqueOrThrow({ where: { code: ok1.code } })).nameEn).toBe("Imported");
    const exported = await exportResource(companyResource, admin, new URLSearchParams({ keyword: ok1.code }), null);
    expect(exported.status).toBe(200);
  });
});

describe("authorization of the company actions", () => {
  it("refuses anonymous, dealers and staff without the permission; staff with it may", async () => {
    setTestLocale("en-US");
    const t = translator("Common");
    const target = await makeCompany(regionA);
    await db().company.update({
      where: { id: target.id },
      data: { orgSourceId: orgSource, regionAreaId: area[2], licenseNo: licence(), contact: "x", phone: "13700000000", address: "x" },
    });
    const dealer = await makeUser({ userType: "DEALER", companyIds: [target.id], roleIds: [dealerRole] });
    const plain = await makeStaff({ roleIds: [(await makeRole({ dataScope: "ALL" })).id] });
    const perms = ["company:create", "company:update", "company:disable", "user:create"] as const;
    const buttons = await Promise.all(perms.map((permission) => makeMenu({ type: "BUTTON", permission })));
    // The dealer role's own menus too: staff hand out only what they hold (lib/access/ceiling.ts).
    const dealerMenus = (await db().roleMenu.findMany({ where: { roleId: dealerRole }, select: { menuId: true } })).map((m) => m.menuId);
    const granted = await makeStaff({ roleIds: [(await makeRole({ dataScope: "ALL", menuIds: [...buttons.map((b) => b.id), ...dealerMenus] })).id] });
    const calls = [
      () => onboardCompanyAction(onboarding()),
      () =>
        updateCompanyAction({
          id: target.id,
          code: target.code,
          nameEn: "N",
          nameZh: "N",
          orgSourceId: orgSource,
          organizationId: regionA,
          area,
          address: "a",
          contact: "c",
          phone: "13700000000",
          licenseNo: licence(),
        }),
      () => setCompanyEnabledAction({ id: target.id, enabled: false }),
      () => searchDealerUsersAction({ q: "" }),
    ];
    for (const [who, companyId, message] of [
      [null, null, t("signInAgain")],
      [dealer, target.id, t("forbidden")],
      [plain, null, t("forbidden")],
    ] as const) {
      await actAs(who && { id: who.id }, companyId);
      for (const call of calls) expect(await call(), `${who?.account ?? "anonymous"}`).toMatchObject({ ok: false, message });
    }
    expect(await db().company.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ status: "ACTIVE", nameEn: target.nameEn });
    await actAs(granted);
    for (const call of calls) expect(await call()).toMatchObject({ ok: true });
    expect(await db().company.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ status: "DISABLED", nameEn: "N" });
    // Without the dealer role's menus, a staff member cannot give them to a new dealer user.
    const noCeiling = await makeStaff({ roleIds: [(await makeRole({ dataScope: "ALL", menuIds: buttons.map((b) => b.id) })).id] });
    await actAs(noCeiling);
    expect(await onboardCompanyAction(onboarding())).toMatchObject({ ok: false, fieldErrors: { roleIds: expect.any(String) } });
  });
});

describe("the list", () => {
  it("shows staff only the companies of their scope", async () => {
    const [a, b] = [await makeCompany(regionA), await makeCompany(regionB)];
    const staff = await regionStaff(regionA);
    const codes = (await loadList(companyResource, staff, new URLSearchParams({ pageSize: "100" }))).rows.map((r) => r.code);
    expect(codes).toContain(a.code);
    expect(codes).not.toContain(b.code);
  });
});
