import "server-only";
import type { Tx } from "@/lib/core/tx";
import { randomBytes } from "node:crypto";
import { loadCeiling } from "@/lib/access/ceiling";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { TMenuSave } from "./schemas";

const SELECT = { id: true, parentId: true, key: true, type: true, path: true, icon: true, permission: true, nameEn: true, nameZh: true, sort: true, visible: true } as const;

async function checkParent(tx: Tx, input: TMenuSave): Promise<void> {
  if (!input.parentId) return;
  const parent = await tx.menu.findUnique({ where: { id: input.parentId }, select: { id: true, type: true, parentId: true } });
  if (!parent) throw new DomainError("MenuAdmin.errors.parentMissing", {}, "parentId");
  // Buttons hang under screens; screens and directories under directories.
  const ok = input.type === "BUTTON" ? parent.type === "MENU" : parent.type === "DIRECTORY";
  if (!ok) throw new DomainError("MenuAdmin.errors.parentType", {}, "parentId");
  // A node may not move under itself or one of its descendants.
  for (let at: number | null = parent.id; at !== null && input.id;) {
    if (at === input.id) throw new DomainError("MenuAdmin.errors.parentCycle", {}, "parentId");
    at = (await tx.menu.findUnique({ where: { id: at }, select: { parentId: true } }))?.parentId ?? null;
  }
}

async function checkPermission(tx: Tx, input: TMenuSave): Promise<void> {
  if (!input.permission) return;
  const clash = await tx.menu.findFirst({ where: { permission: input.permission, type: "BUTTON", NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
  if (clash) throw new DomainError("MenuAdmin.errors.permissionTaken", { permission: input.permission }, "permission");
}

function data(input: TMenuSave) {
  return {
    parentId: input.parentId,
    type: input.type,
    nameEn: input.nameEn,
    nameZh: input.nameZh,
    path: input.type === "MENU" ? input.path : null,
    icon: input.type === "BUTTON" ? null : input.icon,
    permission: input.type === "BUTTON" ? input.permission : null,
    sort: input.sort,
    visible: input.visible,
  };
}

/**
 * The roles that hold a menu hold what it opens: pointing an existing menu at another screen
 * or permission code hands that to every holder. Outside administrators, a changed path must
 * be one the editor opens through a menu of their own, a changed code one the editor holds
 * (a new menu is granted to nobody, so creating one is free).
 */
async function checkCeiling(
  tx: Tx,
  viewer: Viewer,
  before: { path: string | null; permission: string | null },
  after: { path: string | null; permission: string | null },
): Promise<void> {
  const ceiling = await loadCeiling(tx, viewer);
  if (ceiling.admin) return;
  if (after.path !== null && after.path !== before.path) {
    const held = await tx.menu.count({ where: { id: { in: [...ceiling.menuIds] }, type: "MENU", path: after.path } });
    if (!held) throw new DomainError("MenuAdmin.errors.beyondYours", {}, "path", 403);
  }
  if (after.permission !== null && after.permission !== before.permission) {
    const held = await tx.menu.count({ where: { id: { in: [...ceiling.menuIds] }, type: "BUTTON", permission: after.permission } });
    if (!held) throw new DomainError("MenuAdmin.errors.beyondYours", {}, "permission", 403);
  }
}

export async function saveMenu(viewer: Viewer, ctx: AuditCtx, input: TMenuSave) {
  return db().$transaction(async (tx) => {
    await checkParent(tx, input);
    await checkPermission(tx, input);
    if (!input.id) {
      const row = await tx.menu.create({ data: { key: `custom.${randomBytes(6).toString("hex")}`, ...data(input) }, select: SELECT });
      await audit(tx, ctx, "Menu", row.id, "create", null, row);
      return row;
    }
    const before = await tx.menu.findUnique({ where: { id: input.id }, select: SELECT });
    if (!before) throw new NotFoundError();
    if (before.type !== input.type && (await tx.menu.count({ where: { parentId: input.id } })) > 0) throw new DomainError("MenuAdmin.errors.typeWithChildren", {}, "type");
    await checkCeiling(tx, viewer, before, data(input));
    const row = await tx.menu.update({ where: { id: input.id }, data: data(input), select: SELECT });
    await audit(tx, ctx, "Menu", row.id, "update", before, row);
    return row;
  });
}

export async function deleteMenu(ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const before = await tx.menu.findUnique({ where: { id }, select: SELECT });
    if (!before) throw new NotFoundError();
    if ((await tx.menu.count({ where: { parentId: id } })) > 0) throw new DomainError("MenuAdmin.errors.hasChildren");
    await tx.menu.delete({ where: { id } });
    await audit(tx, ctx, "Menu", id, "delete", before, null);
    return { id };
  });
}
