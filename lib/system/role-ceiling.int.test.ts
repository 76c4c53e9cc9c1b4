import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs, translator } from "@/lib/test/action-harness";
import { makeMenu, makeOrganization, makeRole, makeUser, uid } from "@/lib/test/factories";
import * as A from "./actions";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The ceiling of role administration (docs/DECISIONS.md, issue 16): nobody grants a menu,
// button or data scope beyond their own, nor edits a role they hold, nor gives a user through
// roles more than they have. Administrators are unaffected.
//
// Organizations: HQ → R1 → D1, HQ → R2. The editor works in R1 with ORG_AND_CHILDREN (sees R1
// and D1) and holds the role screen's buttons, the user buttons and one plain menu M1.

const roleErr = (k: string, v?: Record<string, string | number>) => translator("RoleAdmin.errors")(k, v);
const userErr = (k: string, v?: Record<string, string | number>) => translator("UserAdmin.errors")(k, v);

let hq: number, r1: number, d1: number, r2: number;
let m1: number, m2: number;
let editor: { id: number }, editorRole: number, admin: { id: number };

const roleState = (id: number) => db().role.findUniqueOrThrow({ where: { id }, include: { menus: { orderBy: { menuId: "asc" } }, organizations: true } });
const rolesOf = async (userId: number) => (await db().userRole.findMany({ where: { userId }, orderBy: { roleId: "asc" } })).map((r) => r.roleId);
const roleInput = (r: { id?: number; code: string }, over: Record<string, unknown> = {}) => ({
  id: r.id,
  code: r.code,
  nameEn: r.code,
  nameZh: r.code,
  dataScope: "SELF",
  menuIds: [],
  organizationIds: [],
  ...over,
});
const staffInput = (u: { id: number; name: string }, roleIds: number[], organizationId: number | null = d1) => ({
  id: u.id,
  name: u.name,
  phone: null,
  userType: "STAFF",
  organizationId,
  jobId: null,
  roleIds,
  companyIds: [],
});

beforeAll(async () => {
  hq = (await makeOrganization()).id;
  r1 = (await makeOrganization(hq, "REGION")).id;
  d1 = (await makeOrganization(r1, "DEPARTMENT")).id;
  r2 = (await makeOrganization(hq, "REGION")).id;
  const buttons = await Promise.all(
    ["role:create", "role:update", "scope:update", "user:create", "user:update", "user:approve"].map((permission) => makeMenu({ type: "BUTTON", permission })),
  );
  m1 = (await makeMenu()).id;
  m2 = (await makeMenu()).id;
  editorRole = (await makeRole({ dataScope: "ORG_AND_CHILDREN", menuIds: [...buttons.map((b) => b.id), m1] })).id;
  editor = await makeUser({ userType: "STAFF", organizationId: r1, roleIds: [editorRole] });
  admin = await makeUser({ userType: "ADMIN" });
});

describe("role administration has a ceiling", () => {
  it("a role:update user cannot add a menu it lacks to a role; one it holds is fine", async () => {
    const target = await makeRole({ menuIds: [m1] });
    await actAs(editor);
    const before = await roleState(target.id);
    const res = await A.saveRoleAction(roleInput(target, { menuIds: [m1, m2] }));
    expect(res).toMatchObject({ ok: false, fieldErrors: { menuIds: roleErr("menuBeyondYours") } });
    expect(await roleState(target.id)).toEqual(before);
    // Removing is not granting; a menu the role already had may stay although the editor lacks it.
    const held = await makeRole({ menuIds: [m1, m2] });
    expect(await A.saveRoleAction(roleInput(held, { nameEn: "Renamed", menuIds: [m2] }))).toMatchObject({ ok: true });
  });

  it("cannot set ALL, nor a CUSTOM organization outside its own scope; inside it is fine", async () => {
    const target = await makeRole();
    await actAs(editor);
    const before = await roleState(target.id);
    expect(await A.saveRoleAction(roleInput(target, { dataScope: "ALL" }))).toMatchObject({ ok: false, fieldErrors: { dataScope: roleErr("scopeBeyondYours") } });
    expect(await A.saveRoleAction(roleInput(target, { dataScope: "CUSTOM", organizationIds: [r2] }))).toMatchObject({
      ok: false,
      fieldErrors: { dataScope: roleErr("scopeBeyondYours") },
    });
    // HQ covers R2 below it, which the editor does not see.
    expect(await A.changeRoleScopeAction({ id: target.id, dataScope: "CUSTOM", organizationIds: [hq] })).toMatchObject({
      ok: false,
      fieldErrors: { dataScope: roleErr("scopeBeyondYours") },
    });
    expect(await A.changeRoleScopeAction({ id: target.id, dataScope: "ALL", organizationIds: [] })).toMatchObject({ ok: false });
    expect(await roleState(target.id)).toEqual(before);
    expect(await A.saveRoleAction(roleInput(target, { dataScope: "CUSTOM", organizationIds: [d1] }))).toMatchObject({ ok: true });
    expect(await A.changeRoleScopeAction({ id: target.id, dataScope: "ORG_AND_CHILDREN", organizationIds: [] })).toMatchObject({ ok: true });
  });

  it("a relative scope is measured for the role's holders: ORG for a holder in R2 is beyond an editor who cannot see R2", async () => {
    const target = await makeRole();
    await makeUser({ userType: "STAFF", organizationId: r2, roleIds: [target.id] });
    await actAs(editor);
    expect(await A.changeRoleScopeAction({ id: target.id, dataScope: "ORG", organizationIds: [] })).toMatchObject({
      ok: false,
      fieldErrors: { dataScope: roleErr("scopeBeyondYours") },
    });
    expect((await roleState(target.id)).dataScope).toBe("SELF");
  });

  it("cannot create a role with a menu it lacks or with ALL", async () => {
    await actAs(editor);
    const code = uid("R").toUpperCase();
    expect(await A.saveRoleAction(roleInput({ code }, { menuIds: [m2] }))).toMatchObject({ ok: false, fieldErrors: { menuIds: roleErr("menuBeyondYours") } });
    expect(await A.saveRoleAction(roleInput({ code }, { dataScope: "ALL" }))).toMatchObject({ ok: false, fieldErrors: { dataScope: roleErr("scopeBeyondYours") } });
    expect(await db().role.count({ where: { code } })).toBe(0);
    expect(await A.saveRoleAction(roleInput({ code }, { dataScope: "ORG", menuIds: [m1] }))).toMatchObject({ ok: true });
  });

  it("cannot edit a role it holds, not even its name, nor change that role's data scope", async () => {
    await actAs(editor);
    const before = await roleState(editorRole);
    const mine = { id: editorRole, code: before.code };
    expect(await A.saveRoleAction(roleInput(mine, { dataScope: "ALL", menuIds: before.menus.map((m) => m.menuId) }))).toMatchObject({ ok: false, message: roleErr("ownRole") });
    expect(await A.saveRoleAction(roleInput(mine, { nameEn: "Mine", dataScope: before.dataScope, menuIds: before.menus.map((m) => m.menuId) }))).toMatchObject({
      ok: false,
      message: roleErr("ownRole"),
    });
    expect(await A.changeRoleScopeAction({ id: editorRole, dataScope: "ALL", organizationIds: [] })).toMatchObject({ ok: false, message: roleErr("ownRole") });
    expect(await roleState(editorRole)).toEqual(before);
  });

  it("cannot assign a stronger role to another user (menus or data scope), on create, update and approval", async () => {
    const wider = await makeRole({ dataScope: "ALL" });
    const moreMenus = await makeRole({ menuIds: [m2] });
    const otherRegion = await makeRole({ dataScope: "CUSTOM", organizationIds: [r2] });
    const fine = await makeRole({ dataScope: "ORG", menuIds: [m1] });
    const u = await makeUser({ userType: "STAFF", organizationId: d1 });
    await actAs(editor);
    for (const r of [wider, otherRegion]) {
      expect(await A.updateUserAction(staffInput(u, [r.id]))).toMatchObject({ ok: false, fieldErrors: { roleIds: userErr("roleBeyondYours", { role: r.code }) } });
    }
    expect(await A.updateUserAction(staffInput(u, [moreMenus.id]))).toMatchObject({ ok: false, fieldErrors: { roleIds: userErr("roleBeyondYours", { role: moreMenus.code }) } });
    expect(await rolesOf(u.id)).toEqual([]);
    const account = uid("new");
    expect(await A.createUserAction({ ...staffInput(u, [wider.id]), id: undefined, account, password: "Harbour-Lantern-42" })).toMatchObject({
      ok: false,
      fieldErrors: { roleIds: userErr("roleBeyondYours", { role: wider.code }) },
    });
    expect(await db().user.count({ where: { account } })).toBe(0);
    const pending = await makeUser({ status: "PENDING" });
    expect(await A.approveUserAction({ id: pending.id, userType: "STAFF", roleIds: [wider.id], companyIds: [], organizationId: d1 })).toMatchObject({ ok: false });
    expect((await db().user.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("PENDING");
    // Within the editor's own grants: fine.
    expect(await A.updateUserAction(staffInput(u, [fine.id]))).toMatchObject({ ok: true });
    expect(await rolesOf(u.id)).toEqual([fine.id]);
    // Moving the user to R2 would make the ORG role show R2: the move is the grant.
    expect(await A.updateUserAction(staffInput(u, [fine.id], r2))).toMatchObject({ ok: false, fieldErrors: { roleIds: userErr("roleBeyondYours", { role: fine.code }) } });
  });

  it("keeps what an administrator gave a user when the editor changes something else", async () => {
    const wider = await makeRole({ dataScope: "ALL", menuIds: [m2] });
    const u = await makeUser({ userType: "STAFF", organizationId: d1, roleIds: [wider.id] });
    await actAs(editor);
    expect(await A.updateUserAction({ ...staffInput(u, [wider.id]), name: "Renamed" })).toMatchObject({ ok: true });
    expect(await rolesOf(u.id)).toEqual([wider.id]);
  });

  it("menu:update cannot point a menu others hold at a screen or permission the editor lacks", async () => {
    const menuEditor = await makeRole({ dataScope: "ALL", menuIds: [(await makeMenu({ type: "BUTTON", permission: "menu:update" })).id, m1] });
    const me = await makeUser({ userType: "STAFF", roleIds: [menuEditor.id] });
    const screen = await makeMenu({ path: "system/workbench/records" });
    await makeRole({ menuIds: [screen.id] });
    const mine = await db().menu.findUniqueOrThrow({ where: { id: m1 } });
    await actAs(me);
    const base = { id: screen.id, parentId: null, type: "MENU", nameEn: "Renamed", nameZh: "改名", icon: null, permission: null, sort: 0, visible: true };
    expect(await A.saveMenuAction({ ...base, path: "system/loginLog" })).toMatchObject({ ok: false, fieldErrors: { path: translator("MenuAdmin.errors")("beyondYours") } });
    expect((await db().menu.findUniqueOrThrow({ where: { id: screen.id } })).path).toBe("system/workbench/records");
    // Renaming is fine, and so is a path the editor opens through a menu of its own.
    expect(await A.saveMenuAction({ ...base, path: "system/workbench/records" })).toMatchObject({ ok: true });
    await db().menu.update({ where: { id: m1 }, data: { path: "market/news" } });
    try {
      expect(await A.saveMenuAction({ ...base, path: "market/news" })).toMatchObject({ ok: true });
    } finally {
      await db().menu.update({ where: { id: m1 }, data: { path: mine.path } });
    }
    const button = await makeMenu({ type: "BUTTON", permission: `${uid("p")}:x`, parentId: screen.id });
    const code = `${uid("q")}:y`;
    expect(await A.saveMenuAction({ ...base, id: button.id, parentId: screen.id, type: "BUTTON", path: null, permission: code })).toMatchObject({
      ok: false,
      fieldErrors: { permission: translator("MenuAdmin.errors")("beyondYours") },
    });
  });

  it("an administrator still can do all of it", async () => {
    await actAs(admin);
    const target = await makeRole({ menuIds: [m1] });
    expect(await A.saveRoleAction(roleInput(target, { dataScope: "ALL", menuIds: [m1, m2] }))).toMatchObject({ ok: true });
    const screen = await makeMenu({ path: "system/workbench/records" });
    expect(
      await A.saveMenuAction({
        id: screen.id,
        parentId: null,
        type: "MENU",
        nameEn: "S",
        nameZh: "S",
        path: "system/loginLog",
        icon: null,
        permission: null,
        sort: 0,
        visible: true,
      }),
    ).toMatchObject({ ok: true });
    expect(await A.changeRoleScopeAction({ id: editorRole, dataScope: "ORG_AND_CHILDREN", organizationIds: [] })).toMatchObject({ ok: true });
    const u = await makeUser({ userType: "STAFF", organizationId: r2 });
    expect(await A.updateUserAction(staffInput(u, [target.id], r2))).toMatchObject({ ok: true });
    expect(await rolesOf(u.id)).toEqual([target.id]);
  });
});
