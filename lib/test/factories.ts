// Test data for the integration tests (vitest) and the end-to-end specs (Playwright: the specs
// and e2e/*-db.ts, e2e/access-helpers.ts import it): every call makes new rows with unique codes, so tests never depend on each other
// or on the demo seed. Plain TypeScript over Prisma, with no import of either runner, so both can
// load it; only reference data (roles, regions, menus) is looked up, never demo rows.
import { randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import type {
  ComplaintStatus,
  DataScope,
  GoodsKind,
  MenuType,
  OrderStatus,
  OrganizationType,
  PreOrderStatus,
  SalesReturnStatus,
  UserStatus,
  UserType,
  VehicleStatus,
} from "@/lib/generated/prisma/client";

export const uid = (prefix = "t") => `${prefix}${randomBytes(5).toString("hex")}`;

export async function makeOrganization(parentId: number | null = null, type?: OrganizationType) {
  const code = uid("ORG");
  return db().organization.create({ data: { code, nameEn: code, nameZh: code, type: type ?? (parentId ? "REGION" : "HEADQUARTERS"), parentId } });
}

export async function makeJob() {
  const code = uid("JOB");
  return db().job.create({ data: { code, nameEn: code, nameZh: code } });
}

export async function makeCompany(organizationId?: number, status: "ACTIVE" | "DISABLED" = "ACTIVE", names: { code?: string; nameEn?: string; nameZh?: string } = {}) {
  const org = organizationId ?? (await makeOrganization()).id;
  const code = names.code ?? uid("C");
  return db().company.create({ data: { code, nameEn: names.nameEn ?? `Company ${code}`, nameZh: names.nameZh ?? `公司${code}`, organizationId: org, status } });
}

export async function makeRole(opts: { dataScope?: DataScope; menuIds?: number[]; organizationIds?: number[] } = {}) {
  const code = uid("ROLE");
  return db().role.create({
    data: {
      code,
      nameEn: code,
      nameZh: code,
      dataScope: opts.dataScope ?? "SELF",
      menus: { create: (opts.menuIds ?? []).map((menuId) => ({ menuId })) },
      organizations: { create: (opts.organizationIds ?? []).map((organizationId) => ({ organizationId })) },
    },
  });
}

export async function makeMenu(
  opts: {
    type?: MenuType;
    path?: string | null;
    permission?: string | null;
    parentId?: number | null;
    tile?: boolean;
    visible?: boolean;
    tileNameEn?: string;
    tileNameZh?: string;
  } = {},
) {
  const key = uid("menu.");
  return db().menu.create({
    data: {
      key,
      type: opts.type ?? "MENU",
      path: opts.path ?? null,
      permission: opts.permission ?? null,
      parentId: opts.parentId ?? null,
      nameEn: key,
      nameZh: key,
      tile: opts.tile ?? false,
      visible: opts.visible ?? true,
      tileNameEn: opts.tileNameEn ?? null,
      tileNameZh: opts.tileNameZh ?? null,
    },
  });
}

// bcrypt costs ~100 ms a hash: one per password and process.
const hashes = new Map<string, Promise<string>>();
export const TEST_PASSWORD = "Test@123456";

export async function makeUser(
  opts: {
    userType?: UserType;
    status?: UserStatus;
    companyIds?: number[];
    roleIds?: number[];
    sessionsValidFrom?: Date;
    organizationId?: number | null;
    account?: string;
    phone?: string | null;
    name?: string;
    password?: string;
  } = {},
) {
  const password = opts.password ?? TEST_PASSWORD;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const account = opts.account ?? uid("u");
  return db().user.create({
    data: {
      account,
      phone: opts.phone ?? null,
      name: opts.name ?? `User ${account}`,
      userType: opts.userType ?? "DEALER",
      status: opts.status ?? "ACTIVE",
      passwordHash: await hashes.get(password)!,
      sessionsValidFrom: opts.sessionsValidFrom ?? new Date(Date.now() - 60_000),
      organizationId: opts.organizationId ?? null,
      companies: { create: (opts.companyIds ?? []).map((companyId) => ({ companyId })) },
      roles: { create: (opts.roleIds ?? []).map((roleId) => ({ roleId })) },
    },
  });
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A role of the reference data (seeded in every database, demo or not): DEALER, SALES_OPS, ADMIN. */
export async function roleId(code: "DEALER" | "SALES_OPS" | "ADMIN"): Promise<number> {
  return (await db().role.findUniqueOrThrow({ where: { code }, select: { id: true } })).id;
}

export type TestDealer = { companyId: number; code: string; nameEn: string; nameZh: string; userId: number; account: string };

/** A dealer company with one active dealer user (role DEALER). The company is new unless
 * `companyId` is given; `organizationId` places it (e.g. in a region whose staff should see it). */
export async function makeDealer(opts: { companyId?: number; organizationId?: number; account?: string; password?: string; name?: string } = {}): Promise<TestDealer> {
  const company = opts.companyId ? await db().company.findUniqueOrThrow({ where: { id: opts.companyId } }) : await makeCompany(opts.organizationId);
  const user = await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [await roleId("DEALER")], account: opts.account, password: opts.password, name: opts.name });
  return { companyId: company.id, code: company.code, nameEn: company.nameEn, nameZh: company.nameZh, userId: user.id, account: user.account };
}

/** An active staff user; by default with the reference SALES_OPS role (data scope ALL). */
export async function makeStaff(opts: { roleIds?: number[]; account?: string; phone?: string | null; name?: string; password?: string; organizationId?: number | null } = {}) {
  return makeUser({
    userType: "STAFF",
    roleIds: opts.roleIds ?? [await roleId("SALES_OPS")],
    account: opts.account,
    phone: opts.phone,
    name: opts.name,
    password: opts.password,
    organizationId: opts.organizationId,
  });
}

/** A delivery address of the company (Pudong, Shanghai: region 310115 of the reference data). */
export async function makeAddress(companyId: number, opts: { receiver?: string; isDefault?: boolean } = {}) {
  const region = await db().regionArea.findUniqueOrThrow({ where: { code: "310115" }, select: { id: true } });
  return db().address.create({
    data: { companyId, receiver: opts.receiver ?? "Li Na", phone: "13812345678", regionAreaId: region.id, address: "No. 88 Century Avenue", isDefault: opts.isDefault ?? true },
  });
}

/** A car group with one vehicle model. */
export async function makeVehicleModel(opts: { warrantyMonths?: number | null; carGroupId?: number } = {}) {
  const code = uid("VM").toUpperCase();
  const carGroupId = opts.carGroupId ?? (await db().carGroup.create({ data: { code: uid("CG").toUpperCase(), nameEn: `Group ${code}`, nameZh: `车系${code}` } })).id;
  return db().vehicleModel.create({ data: { code, carGroupId, nameEn: `Model ${code}`, nameZh: `车型${code}`, warrantyMonths: opts.warrantyMonths ?? null } });
}

export type TestGoods = { id: number; kind: GoodsKind; code: string; nameEn: string; nameZh: string; price: string; vehicleModelId: number | null };

/** Goods on sale (or not). Vehicle goods get a vehicle model of their own unless one is given
 * (null: none);
 * the car group (the catalogue's filter) only when given. */
export async function makeGoods(
  opts: {
    kind?: GoodsKind;
    price?: string;
    stock?: number;
    minOrderQty?: number;
    onSale?: boolean;
    vehicleModelId?: number | null;
    carGroupId?: number;
    config?: string | null;
    code?: string;
    nameEn?: string;
    nameZh?: string;
    coverId?: string | null;
  } = {},
): Promise<TestGoods> {
  const kind = opts.kind ?? "PART";
  const code = opts.code ?? uid("G").toUpperCase();
  const vehicleModelId = kind === "VEHICLE" && opts.vehicleModelId !== null ? (opts.vehicleModelId ?? (await makeVehicleModel()).id) : null;
  const carGroupId = opts.carGroupId ?? null;
  const row = await db().goods.create({
    data: {
      kind,
      code,
      nameEn: opts.nameEn ?? `Goods ${code}`,
      nameZh: opts.nameZh ?? `商品${code}`,
      price: opts.price ?? "12.30",
      stock: opts.stock ?? 100,
      minOrderQty: opts.minOrderQty ?? 1,
      onSale: opts.onSale ?? true,
      config: opts.config !== undefined ? opts.config : kind === "VEHICLE" ? "2.0T AWD" : null,
      vehicleModelId,
      carGroupId,
      coverId: opts.coverId ?? null,
    },
  });
  return { id: row.id, kind, code, nameEn: row.nameEn, nameZh: row.nameZh, price: row.price.toFixed(2), vehicleModelId };
}

const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** A valid VIN (ISO 3779 check digit at position 9) from 16 characters of A–Z (no I, O, Q) and digits. */
export function vin(stem16: string): string {
  const v = stem16.slice(0, 8) + "0" + stem16.slice(8);
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (v[i] >= "0" && v[i] <= "9" ? Number(v[i]) : VIN_VALUES[v[i]]) * VIN_WEIGHTS[i];
  const r = sum % 11;
  return v.slice(0, 8) + (r === 10 ? "X" : String(r)) + v.slice(9);
}

/** `n` vehicles of a vehicle goods, oldest entry first (factory stock unless told); their VINs in that order. */
export async function makeVehicles(goodsId: number, n: number, opts: { status?: VehicleStatus; companyId?: number | null } = {}): Promise<string[]> {
  const stem = randomBytes(4).toString("hex").toUpperCase();
  const vins = Array.from({ length: n }, (_, i) => vin(`LE2${stem}${String(i).padStart(5, "0")}`));
  const { vehicleModelId } = await db().goods.findUniqueOrThrow({ where: { id: goodsId }, select: { vehicleModelId: true } });
  await db().vehicle.createMany({
    data: vins.map((v, i) => ({
      vin: v,
      goodsId,
      vehicleModelId: vehicleModelId!,
      status: opts.status ?? "FACTORY_STOCK",
      companyId: opts.companyId ?? null,
      entryAt: new Date(Date.now() - (100 - i) * 86_400_000),
    })),
  });
  return vins;
}

const money = (price: string, quantity: number) => {
  const cents = (BigInt(Math.round(Number(price) * 100)) * BigInt(quantity)).toString().padStart(3, "0");
  return `${cents.slice(0, -2)}.${cents.slice(-2)}`;
};

/** An order of the company as the cart would have made it (stock reserved, first status event),
 * then moved straight to `status` (one event, no side effects of the moves in between). */
export async function makeOrder(o: {
  companyId: number;
  userId: number;
  goods: Pick<TestGoods, "id" | "nameEn" | "nameZh" | "price"> & { kind?: GoodsKind };
  quantity?: number;
  type?: "VEHICLE" | "PARTS";
  status?: OrderStatus;
  orderNo?: string;
}) {
  const quantity = o.quantity ?? 1;
  const type = o.type ?? (o.goods.kind === "VEHICLE" ? "VEHICLE" : "PARTS");
  const kind = o.goods.kind ?? (type === "VEHICLE" ? "VEHICLE" : "PART");
  const amount = money(o.goods.price, quantity);
  const status = o.status ?? "SUBMITTED";
  return db().$transaction(async (tx) => {
    const order = await tx.order.create({
      data: {
        orderNo: o.orderNo ?? uid("SO").toUpperCase(),
        type,
        companyId: o.companyId,
        status,
        quantity,
        amount,
        phone: "13912345678",
        deliveryWay: "LOGISTICS",
        carrierType: "CAR_CARRIER",
        receiver: "Wang Fang",
        receiverPhone: "13912345678",
        address: "上海市浦东新区 No. 1 Test Road",
        remark: "Test order",
        creatorId: o.userId,
        lines: {
          create: [
            {
              goodsId: o.goods.id,
              kind,
              nameEn: o.goods.nameEn,
              nameZh: o.goods.nameZh,
              config: kind === "VEHICLE" ? "2.0T AWD" : null,
              price: o.goods.price,
              quantity,
              subtotal: amount,
            },
          ],
        },
      },
    });
    await tx.statusEvent.create({ data: { entity: "Order", entityId: order.id, toStatus: "SUBMITTED", userId: o.userId } });
    if (status !== "SUBMITTED") await tx.statusEvent.create({ data: { entity: "Order", entityId: order.id, fromStatus: "SUBMITTED", toStatus: status } });
    await tx.goods.update({ where: { id: o.goods.id }, data: { stock: { decrement: quantity } } });
    return order;
  });
}

/** A pre-order of the company for vehicle goods, in `status`. */
export async function makePreOrder(o: {
  companyId: number;
  userId: number;
  goods: Pick<TestGoods, "id" | "nameEn" | "nameZh" | "price">;
  quantity?: number;
  status?: PreOrderStatus;
}) {
  const quantity = o.quantity ?? 1;
  return db().preOrder.create({
    data: {
      preOrderNo: uid("PO").toUpperCase(),
      companyId: o.companyId,
      goodsId: o.goods.id,
      nameEn: o.goods.nameEn,
      nameZh: o.goods.nameZh,
      price: o.goods.price,
      quantity,
      amount: money(o.goods.price, quantity),
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "上海市浦东新区 No. 1 Test Road",
      creatorId: o.userId,
      status: o.status ?? "SUBMITTED",
    },
  });
}

/** A complaint of the company, in `status`. */
export async function makeComplaint(o: { companyId: number; userId: number; status?: ComplaintStatus; description?: string; vin?: string | null }) {
  return db().complaint.create({
    data: {
      complaintNo: uid("CP").toUpperCase(),
      companyId: o.companyId,
      creatorId: o.userId,
      status: o.status ?? "SUBMITTED",
      description: o.description ?? "Rattles at 80 km/h.",
      vin: o.vin ?? null,
    },
  });
}

/** A parts return of the company, in `status`. */
export async function makeReturn(o: { companyId: number; userId: number; status?: SalesReturnStatus }) {
  return db().salesReturn.create({
    data: {
      returnNo: uid("RT").toUpperCase(),
      companyId: o.companyId,
      creatorId: o.userId,
      status: o.status ?? "SUBMITTED",
      returnType: "QUALITY",
      materialName: "Wiper blade",
      quantity: 3,
      faultQuantity: 2,
      dealType: "REPLACE",
      description: "Streaks after a week.",
    },
  });
}

/** A delivery batch (return log) of the company. */
export async function makeReturnBatch(o: { companyId: number; userId: number }) {
  return db().returnBatch.create({
    data: {
      batchNo: uid("RB").toUpperCase(),
      companyId: o.companyId,
      creatorId: o.userId,
      shippingAddress: "No. 1 Factory Road",
      deliveryWay: "LOGISTICS",
      contactPhone: "13912345678",
    },
  });
}

/** A download-centre item (enabled unless told). */
export async function makeDownloadItem(o: { creatorId: number; enabled?: boolean; title?: string }) {
  return db().downloadItem.create({
    data: { title: o.title ?? uid("Download "), content: "<p>Test item</p>", creatorId: o.creatorId, creatorName: "Test", enabled: o.enabled ?? true },
  });
}
