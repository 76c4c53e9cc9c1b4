import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, uid } from "@/lib/test/factories";
import { withCheckDigit } from "@/lib/vehicles/vin";
import { deleteCarGroupsAction, deleteVehicleModelsAction, saveCarGroupAction, saveVehicleModelAction } from "./actions";
import { loadList } from "@/lib/admin/resource";
import { cappedCounts } from "@/lib/list/capped-counts";
import { countText } from "@/lib/list/keyset";
import { carGroupResource, loadVehicleModelAdmin } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Car groups and vehicle models (staff screens): saving with unique codes, the model's warranty
// range, and deletion refused with a clear message while goods, models or vehicles use one.

let staff: number;
let dealer: { user: number; company: number };
const data = <T>(r: unknown) => (r as { data: T }).data;
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const randomVin = () => withCheckDigit("LTE" + Array.from(randomBytes(14), (b) => VIN_CHARS[b % VIN_CHARS.length]).join(""));

beforeAll(async () => {
  setTestLocale("en-US");
  const [dealerRole, staffRole] = await Promise.all(["DEALER", "SALES_OPS"].map((code) => db().role.findUniqueOrThrow({ where: { code }, select: { id: true } })));
  staff = (await makeUser({ userType: "STAFF", roleIds: [staffRole.id] })).id;
  const company = await makeCompany();
  dealer = { company: company.id, user: (await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [dealerRole.id] })).id };
});

describe("car groups and vehicle models", () => {
  it("saves groups and models, with unique codes and warranty months from 1 to 240", async () => {
    await actAs({ id: staff });
    const code = uid("CG");
    const g = await saveCarGroupAction({ code, nameEn: "Aurora", nameZh: "极光", sort: 1, enabled: true });
    expect(g).toMatchObject({ ok: true, data: { code } });
    expect(await saveCarGroupAction({ code: code.toUpperCase(), nameEn: "Dup", nameZh: "重复", sort: 1, enabled: true })).toMatchObject({
      ok: false,
      fieldErrors: { code: `The code ${code.toUpperCase()} is already used by another car group.` },
    });
    const groupId = data<{ id: number }>(g).id;
    const base = { code: uid("VM"), carGroupId: groupId, nameEn: "Aurora 5", nameZh: "极光 5", sort: 0, enabled: true };
    expect(await saveVehicleModelAction({ ...base, warrantyMonths: 0 })).toMatchObject({ ok: false, fieldErrors: { warrantyMonths: "Warranty (months) must be at least 1" } });
    expect(await saveVehicleModelAction({ ...base, warrantyMonths: 241 })).toMatchObject({ ok: false, fieldErrors: { warrantyMonths: "Warranty (months) must be at most 240" } });
    expect(await saveVehicleModelAction({ ...base, carGroupId: 2_000_000_000, warrantyMonths: null })).toMatchObject({
      ok: false,
      fieldErrors: { carGroupId: expect.any(String) },
    });
    const m = await saveVehicleModelAction({ ...base, warrantyMonths: "" });
    expect(m).toMatchObject({ ok: true, data: { warrantyMonths: null, carGroupId: groupId } });
    expect(await db().auditLog.count({ where: { entity: "VehicleModel", entityId: String(data<{ id: number }>(m).id), action: "create" } })).toBe(1);

    const viewer = (await actAs({ id: staff }))!;
    const list = await loadVehicleModelAdmin(viewer, new URLSearchParams({ carGroupId: String(groupId) }));
    expect(list.rows.map((r) => r.code)).toEqual([base.code]);
    expect(list.groups.map((x) => x.id)).toContain(groupId);
  });

  it("refuses to delete a group or model still in use, and deletes unused ones", async () => {
    await actAs({ id: staff });
    const group = await db().carGroup.create({ data: { code: uid("CG"), nameEn: "Used", nameZh: "使用中" } });
    const model = await db().vehicleModel.create({ data: { code: uid("VM"), carGroupId: group.id, nameEn: "Used model", nameZh: "使用中车型" } });
    const spare = await db().vehicleModel.create({ data: { code: uid("VM"), carGroupId: group.id, nameEn: "Spare", nameZh: "备用" } });
    const goods = await db().goods.create({
      data: { kind: "VEHICLE", code: uid("G"), nameEn: "Car", nameZh: "车", price: "1.00", carGroupId: group.id, vehicleModelId: model.id },
    });
    const vehicleOnly = await db().vehicleModel.create({ data: { code: uid("VM"), carGroupId: group.id, nameEn: "Fleet", nameZh: "车队" } });
    await db().vehicle.create({ data: { vin: randomVin(), goodsId: goods.id, vehicleModelId: vehicleOnly.id } });

    // The lists count goods and vehicles per row, capped (lib/list/capped-counts.ts).
    const viewer = (await actAs({ id: staff }))!;
    const groups = await loadList(carGroupResource, viewer, new URLSearchParams({ keyword: group.code }));
    expect(groups.rows.map((r) => [r.code, r.models, r.goods])).toEqual([[group.code, 3, { count: 1, capped: false }]]);
    const models = await loadVehicleModelAdmin(viewer, new URLSearchParams({ carGroupId: String(group.id) }));
    expect(models.rows.map((r) => [r.code, r.goods, r.vehicles])).toEqual(
      expect.arrayContaining([
        [model.code, { count: 1, capped: false }, { count: 0, capped: false }],
        [vehicleOnly.code, { count: 0, capped: false }, { count: 1, capped: false }],
      ]),
    );
    await db().goods.create({ data: { kind: "PART", code: uid("G"), nameEn: "Part", nameZh: "件", price: "1.00", carGroupId: group.id } });
    expect(await cappedCounts({ table: "Goods", column: "carGroupId" }, [group.id, spare.id * 1000], 2)).toEqual(
      new Map([
        [group.id, { count: 2, capped: false }],
        [spare.id * 1000, { count: 0, capped: false }],
      ]),
    );
    expect((await cappedCounts({ table: "Goods", column: "carGroupId" }, [group.id], 1)).get(group.id)).toEqual({ count: 1, capped: true });
    expect(countText({ count: 1000, capped: true })).toBe("1000+");
    await db().goods.deleteMany({ where: { carGroupId: group.id, kind: "PART" } });

    expect(await deleteCarGroupsAction({ ids: [group.id] })).toMatchObject({
      ok: false,
      message: `${group.code} still has 3 models and 1 goods; it cannot be deleted. Switch it off instead.`,
    });
    expect(await deleteVehicleModelsAction({ ids: [model.id] })).toMatchObject({
      ok: false,
      message: `${model.code} still has 1 goods and 0 vehicles; it cannot be deleted. Switch it off instead.`,
    });
    expect(await deleteVehicleModelsAction({ ids: [spare.id, vehicleOnly.id] })).toMatchObject({ ok: false, message: expect.stringContaining("and 1 vehicle;") });
    // All or none: the spare model is still there.
    expect(await db().vehicleModel.count({ where: { id: { in: [model.id, spare.id, vehicleOnly.id] } } })).toBe(3);
    expect(await db().carGroup.count({ where: { id: group.id } })).toBe(1);

    // A model with goods stays in its group.
    expect(
      await saveVehicleModelAction({
        id: model.id,
        code: model.code,
        carGroupId: (await db().carGroup.create({ data: { code: uid("CG"), nameEn: "X", nameZh: "X" } })).id,
        nameEn: "M",
        nameZh: "M",
        warrantyMonths: null,
        sort: 0,
        enabled: true,
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { carGroupId: "This model has 1 goods; it cannot move to another car group." },
    });

    expect(await deleteVehicleModelsAction({ ids: [spare.id] })).toMatchObject({ ok: true, data: { deleted: 1 } });
    const empty = await db().carGroup.create({ data: { code: uid("CG"), nameEn: "Empty", nameZh: "空" } });
    expect(await deleteCarGroupsAction({ ids: [empty.id] })).toMatchObject({ ok: true, data: { deleted: 1 } });
    expect(await db().auditLog.count({ where: { entity: "CarGroup", entityId: String(empty.id), action: "delete" } })).toBe(1);
  });

  it("is closed to dealers", async () => {
    await actAs({ id: dealer.user }, dealer.company);
    const code = uid("CG");
    expect(await saveCarGroupAction({ code, nameEn: "No", nameZh: "否", sort: 0, enabled: true })).toMatchObject({ ok: false });
    expect(await db().carGroup.count({ where: { code } })).toBe(0);
  });
});
