import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import { defineResource, loadList } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { MAX_ADDRESSES, type TAddressSave } from "./schemas";

// The dealer's address book (onlineMall/adress). A dealer sees and changes only the addresses
// of the company in the session; another company's address answers 404. Staff and
// administrators may look at the addresses of the companies in their scope, read-only.
// Writes lock the company row, so "exactly one default" holds however requests interleave.

const AREA = { id: true, code: true, nameEn: true, nameZh: true, level: true } as const;
const SELECT = {
  id: true,
  companyId: true,
  receiver: true,
  phone: true,
  address: true,
  isDefault: true,
  regionAreaId: true,
  updatedAt: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  regionArea: { select: { ...AREA, parent: { select: { ...AREA, parent: { select: AREA } } } } },
} as const;
type Raw = Prisma.AddressGetPayload<{ select: typeof SELECT }>;
export type AreaNode = { id: number; code: string; nameEn: string; nameZh: string; level: number };
export type AddressRow = Omit<Raw, "regionArea" | "updatedAt" | "company"> & { company: string; updatedAt: string; area: AreaNode[] };

function areaPath(a: Raw["regionArea"]): AreaNode[] {
  const { parent, ...self } = a;
  if (!parent) return [self];
  const { parent: top, ...mid } = parent;
  return [...(top ? [top] : []), mid, self];
}
const toRow = ({ regionArea, updatedAt, company, ...r }: Raw): AddressRow => ({ ...r, company: company.code, updatedAt: updatedAt.toISOString(), area: areaPath(regionArea) });

async function scope(viewer: Viewer): Promise<Prisma.AddressWhereInput> {
  return viewer.company ? { companyId: viewer.company.id } : { company: await companyScopeWhere(viewer) };
}

export const addressResource = defineResource<AddressRow, Prisma.AddressWhereInput>({
  name: "address",
  route: "onlineMall/adress",
  labels: "AddressBook",
  spec: { filters: [{ name: "keyword", type: "text", max: 50 }], sorts: ["updatedAt", "receiver"], defaultSort: { field: "updatedAt", order: "desc" } },
  permissions: { create: "address:create", update: "address:update", delete: "address:delete" },
  where: async (viewer, f) => ({
    AND: [
      await scope(viewer),
      ...(typeof f.keyword === "string"
        ? [
            {
              OR: [
                { receiver: { contains: f.keyword, mode: "insensitive" as const } },
                { phone: { startsWith: f.keyword } },
                { address: { contains: f.keyword, mode: "insensitive" as const } },
              ],
            },
          ]
        : []),
    ],
  }),
  // The default first, whatever the chosen order.
  page: async ({ where, sort, skip, take }) =>
    (await db().address.findMany({ where, orderBy: [{ isDefault: "desc" }, { [sort.field]: sort.order }, { id: "desc" }], skip, take, select: SELECT })).map(toRow),
  count: (where) => db().address.count({ where }),
  key: (r) => r.id,
});

/** The page's list; only a dealer acting for a company may change it. A company keeps at most
 * MAX_ADDRESSES addresses, so this small bounded list pages simply (offset pages, exact count)
 * and shows MAX_ADDRESSES a page unless asked otherwise: a dealer's whole book on one page. */
export async function loadAddressBook(viewer: Viewer, url: URL | URLSearchParams) {
  const params = new URLSearchParams(url instanceof URL ? url.searchParams : url);
  if (!params.has("pageSize")) params.set("pageSize", String(MAX_ADDRESSES));
  const list = await loadList(addressResource, viewer, params);
  const dealer = !!viewer.company;
  return { ...list, can: { ...list.can, create: list.can.create && dealer, update: list.can.update && dealer, delete: list.can.delete && dealer }, dealer };
}

/** Every address of the viewer's company, default first (the order form and the REST API). */
export async function companyAddresses(viewer: Viewer): Promise<AddressRow[]> {
  return (await db().address.findMany({ where: await scope(viewer), orderBy: [{ isDefault: "desc" }, { updatedAt: "desc" }, { id: "desc" }], take: 200, select: SELECT })).map(
    toRow,
  );
}

/** The company a write acts for, locked until the transaction ends. */
async function lockCompany(tx: Tx, viewer: Viewer): Promise<number> {
  if (!viewer.company) throw new DomainError("AddressBook.errors.notDealer", {}, undefined, 403);
  await tx.$queryRaw`SELECT id FROM "Company" WHERE id = ${viewer.company.id} FOR UPDATE`;
  return viewer.company.id;
}

const WRITE = { id: true, companyId: true, receiver: true, phone: true, regionAreaId: true, address: true, isDefault: true } as const;

export async function saveAddress(viewer: Viewer, ctx: AuditCtx, input: TAddressSave) {
  return db().$transaction(async (tx) => {
    const companyId = await lockCompany(tx, viewer);
    const regionAreaId = input.area[input.area.length - 1];
    const before = input.id ? await tx.address.findFirst({ where: { id: input.id, companyId }, select: WRITE }) : null;
    if (input.id && !before) throw new NotFoundError();
    if (regionAreaId !== before?.regionAreaId && !(await tx.regionArea.findFirst({ where: { id: regionAreaId, enabled: true }, select: { id: true } })))
      throw new DomainError("AddressBook.errors.areaMissing", {}, "area");
    const count = await tx.address.count({ where: { companyId } });
    if (!before && count >= MAX_ADDRESSES) throw new DomainError("AddressBook.errors.tooMany", { max: MAX_ADDRESSES });
    if (before?.isDefault && !input.isDefault) throw new DomainError("AddressBook.errors.keepDefault", {}, "isDefault");
    // The first address is the default; a new default replaces the old one.
    const isDefault = input.isDefault || count === 0 || (!!before && count === 1);
    if (isDefault) await tx.address.updateMany({ where: { companyId, isDefault: true, NOT: before ? { id: before.id } : undefined }, data: { isDefault: false } });
    const data = { receiver: input.receiver, phone: input.phone, regionAreaId, address: input.address, isDefault };
    const row = before
      ? await tx.address.update({ where: { id: before.id }, data, select: WRITE })
      : await tx.address.create({ data: { ...data, companyId, createdById: viewer.userId }, select: WRITE });
    await audit(tx, ctx, "Address", row.id, before ? "update" : "create", before, row);
    return row;
  });
}

export async function setDefaultAddress(viewer: Viewer, ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const companyId = await lockCompany(tx, viewer);
    const before = await tx.address.findFirst({ where: { id, companyId }, select: WRITE });
    if (!before) throw new NotFoundError();
    await tx.address.updateMany({ where: { companyId, isDefault: true, NOT: { id } }, data: { isDefault: false } });
    const row = await tx.address.update({ where: { id }, data: { isDefault: true }, select: WRITE });
    await audit(tx, ctx, "Address", id, "default", before, row);
    return row;
  });
}

/** Deletes all the selected addresses or none; when the default goes, the most recently
 * changed remaining address becomes the default. */
export async function deleteAddresses(viewer: Viewer, ctx: AuditCtx, ids: number[]) {
  return db().$transaction(async (tx) => {
    const companyId = await lockCompany(tx, viewer);
    const rows = await tx.address.findMany({ where: { id: { in: ids }, companyId }, select: WRITE });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    await tx.address.deleteMany({ where: { id: { in: ids }, companyId } });
    for (const r of rows) await audit(tx, ctx, "Address", r.id, "delete", r, null);
    if (rows.some((r) => r.isDefault)) {
      const next = await tx.address.findFirst({ where: { companyId }, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], select: { id: true } });
      if (next) {
        await tx.address.update({ where: { id: next.id }, data: { isDefault: true } });
        await audit(tx, ctx, "Address", next.id, "default", null, { isDefault: true });
      }
    }
    return { deleted: rows.length };
  });
}
