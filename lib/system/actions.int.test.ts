import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeJob, makeMenu, makeOrganization, makeRole, makeUser, uid } from "@/lib/test/factories";
import * as A from "./actions";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

type Case = {
  name: string;
  permission: string;
  setup: () => Promise<{ input: Record<string, unknown>; state: () => Promise<unknown> }>;
  call: (input: unknown) => Promise<{ ok: boolean; message?: string }>;
};

const upper = () => uid("R").toUpperCase();
const auditCount = (entity: string, entityId: number | string) => db().auditLog.count({ where: { entity, entityId: String(entityId) } });

const CASES: Case[] = [
  {
    name: "create menu",
    permission: "menu:create",
    call: A.saveMenuAction,
    setup: async () => {
      const nameEn = uid("m");
      return {
        input: { parentId: null, type: "DIRECTORY", nameEn, nameZh: nameEn, path: null, icon: "home", permission: null, sort: 5, visible: true },
        state: () => db().menu.count({ where: { nameEn } }),
      };
    },
  },
  {
    name: "edit menu",
    permission: "menu:update",
    call: A.saveMenuAction,
    setup: async () => {
      const m = await makeMenu({ type: "DIRECTORY" });
      return {
        input: { id: m.id, parentId: null, type: "DIRECTORY", nameEn: "Renamed", nameZh: "改名", path: null, icon: null, permission: null, sort: 1, visible: true },
        state: () => db().menu.findUnique({ where: { id: m.id } }),
      };
    },
  },
  {
    name: "delete menu",
    permission: "menu:delete",
    call: A.deleteMenuAction,
    setup: async () => {
      const m = await makeMenu({ type: "DIRECTORY" });
      return { input: { id: m.id }, state: () => db().menu.count({ where: { id: m.id } }) };
    },
  },
  {
    name: "create role",
    permission: "role:create",
    call: A.saveRoleAction,
    setup: async () => {
      const code = upper();
      // A menu "staff with it" holds: nobody grants what they do not hold (role-ceiling.int.test.ts).
      return { input: { code, nameEn: code, nameZh: code, dataScope: "SELF", menuIds: [grantable], organizationIds: [] }, state: () => db().role.count({ where: { code } }) };
    },
  },
  {
    name: "edit role",
    permission: "role:update",
    call: A.saveRoleAction,
    setup: async () => {
      const r = await makeRole();
      return {
        input: { id: r.id, code: r.code, nameEn: "Renamed", nameZh: "改名", dataScope: "ORG", menuIds: [grantable], organizationIds: [] },
        state: () => db().role.findUnique({ where: { id: r.id }, include: { menus: true } }),
      };
    },
  },
  {
    name: "delete role",
    permission: "role:delete",
    call: A.deleteRoleAction,
    setup: async () => {
      const r = await makeRole();
      return { input: { id: r.id }, state: () => db().role.count({ where: { id: r.id } }) };
    },
  },
  {
    name: "change a role's data scope",
    permission: "scope:update",
    call: A.changeRoleScopeAction,
    setup: async () => {
      const r = await makeRole();
      const org = await makeOrganization();
      return { input: { id: r.id, dataScope: "CUSTOM", organizationIds: [org.id] }, state: () => db().role.findUnique({ where: { id: r.id }, include: { organizations: true } }) };
    },
  },
  {
    name: "create organization",
    permission: "org:create",
    call: A.saveOrganizationAction,
    setup: async () => {
      const hq = await makeOrganization();
      const code = uid("O");
      return { input: { parentId: hq.id, code, nameEn: code, nameZh: code, type: "REGION", sort: 0 }, state: () => db().organization.count({ where: { code } }) };
    },
  },
  {
    name: "edit organization",
    permission: "org:update",
    call: A.saveOrganizationAction,
    setup: async () => {
      const o = await makeOrganization();
      return {
        input: { id: o.id, parentId: null, code: o.code, nameEn: "Renamed", nameZh: "改名", type: "HEADQUARTERS", sort: 3 },
        state: () => db().organization.findUnique({ where: { id: o.id } }),
      };
    },
  },
  {
    name: "delete organization",
    permission: "org:delete",
    call: A.deleteOrganizationAction,
    setup: async () => {
      const o = await makeOrganization();
      return { input: { id: o.id }, state: () => db().organization.count({ where: { id: o.id } }) };
    },
  },
  {
    name: "change a company's region",
    permission: "org:update",
    call: A.moveCompanyAction,
    setup: async () => {
      const hq = await makeOrganization();
      const [r1, r2] = [await makeOrganization(hq.id, "REGION"), await makeOrganization(hq.id, "REGION")];
      const c = await makeCompany(r1.id);
      return { input: { companyId: c.id, organizationId: r2.id }, state: () => db().company.findUnique({ where: { id: c.id } }) };
    },
  },
  {
    name: "create job",
    permission: "job:create",
    call: A.saveJobAction,
    setup: async () => {
      const code = uid("J");
      return { input: { code, nameEn: code, nameZh: code, sort: 0, enabled: true }, state: () => db().job.count({ where: { code } }) };
    },
  },
  {
    name: "edit job",
    permission: "job:update",
    call: A.saveJobAction,
    setup: async () => {
      const j = await makeJob();
      return { input: { id: j.id, code: j.code, nameEn: "Renamed", nameZh: "改名", sort: 2, enabled: false }, state: () => db().job.findUnique({ where: { id: j.id } }) };
    },
  },
  {
    name: "delete job",
    permission: "job:delete",
    call: A.deleteJobAction,
    setup: async () => {
      const j = await makeJob();
      return { input: { id: j.id }, state: () => db().job.count({ where: { id: j.id } }) };
    },
  },
  {
    name: "create user",
    permission: "user:create",
    call: A.createUserAction,
    setup: async () => {
      const account = uid("new");
      const [c, r] = [await makeCompany(), await makeRole()];
      return {
        input: {
          account,
          name: "New Dealer",
          phone: null,
          userType: "DEALER",
          organizationId: null,
          jobId: null,
          roleIds: [r.id],
          companyIds: [c.id],
          password: "Secret#Green-2026",
        },
        state: () => db().user.count({ where: { account } }),
      };
    },
  },
  {
    name: "edit user",
    permission: "user:update",
    call: A.updateUserAction,
    setup: async () => {
      const u = await makeUser({ userType: "STAFF" });
      return {
        input: { id: u.id, name: "Renamed", phone: null, userType: "STAFF", organizationId: null, jobId: null, roleIds: [], companyIds: [] },
        state: () => db().user.findUnique({ where: { id: u.id } }),
      };
    },
  },
  {
    name: "disable user",
    permission: "user:disable",
    call: A.setUserEnabledAction,
    setup: async () => {
      const u = await makeUser({ userType: "STAFF" });
      return { input: { id: u.id, enabled: false }, state: () => db().user.findUnique({ where: { id: u.id } }) };
    },
  },
  {
    name: "reset password",
    permission: "user:resetPassword",
    call: A.resetPasswordAction,
    setup: async () => {
      const u = await makeUser({ userType: "STAFF" });
      return { input: { id: u.id, password: "Changed@1234", confirmPassword: "Changed@1234" }, state: () => db().user.findUnique({ where: { id: u.id } }) };
    },
  },
  {
    name: "approve registration",
    permission: "user:approve",
    call: A.approveUserAction,
    setup: async () => {
      const u = await makeUser({ status: "PENDING" });
      const [c, r] = [await makeCompany(), await makeRole()];
      return {
        input: { id: u.id, userType: "DEALER", roleIds: [r.id], companyIds: [c.id], organizationId: null },
        state: () => db().user.findUnique({ where: { id: u.id }, include: { roles: true, companies: true } }),
      };
    },
  },
  {
    name: "unlock user",
    permission: "user:unlock",
    call: A.unlockUserAction,
    setup: async () => {
      const u = await makeUser({ userType: "STAFF" });
      await db().user.update({ where: { id: u.id }, data: { failedLogins: 5, lockedUntil: new Date(Date.now() + 600_000) } });
      return { input: { id: u.id }, state: () => db().user.findUnique({ where: { id: u.id } }) };
    },
  },
];

let who: Record<"dealerA" | "dealerB" | "staffWithout" | "staffWith" | "admin", { id: number; companyId: number | null }>;
let grantable: number;

beforeAll(async () => {
  // Each permission as a BUTTON menu of its own, granted to the "staff with it" role.
  const buttons = await Promise.all([...new Set(CASES.map((c) => c.permission))].map((permission) => makeMenu({ type: "BUTTON", permission })));
  grantable = (await makeMenu()).id;
  const granted = await makeRole({ dataScope: "ALL", menuIds: [...buttons.map((b) => b.id), grantable] });
  const plain = await makeRole({ dataScope: "ALL" });
  const [a, b] = [await makeCompany(), await makeCompany()];
  const dealerRole = await makeRole({ menuIds: [] });
  who = {
    dealerA: { id: (await makeUser({ companyIds: [a.id], roleIds: [dealerRole.id] })).id, companyId: a.id },
    dealerB: { id: (await makeUser({ companyIds: [b.id], roleIds: [dealerRole.id] })).id, companyId: b.id },
    staffWithout: { id: (await makeUser({ userType: "STAFF", roleIds: [plain.id] })).id, companyId: null },
    staffWith: { id: (await makeUser({ userType: "STAFF", roleIds: [granted.id] })).id, companyId: null },
    admin: { id: (await makeUser({ userType: "ADMIN" })).id, companyId: null },
  };
});

describe("authorization matrix of the access screens' actions", () => {
  const t = () => translator("Common");
  for (const c of CASES) {
    it(`${c.name} (${c.permission})`, async () => {
      for (const principal of ["anonymous", "dealerA", "dealerB", "staffWithout"] as const) {
        const { input, state } = await c.setup();
        const before = await state();
        const audits = await db().auditLog.count();
        await actAs(principal === "anonymous" ? null : { id: who[principal].id }, principal === "anonymous" ? null : who[principal].companyId);
        const res = await c.call(input);
        expect(res.ok, `${principal} must be refused`).toBe(false);
        expect(res.message).toBe(principal === "anonymous" ? t()("signInAgain") : t()("forbidden"));
        expect(await state(), `${principal} changed nothing`).toEqual(before);
        expect(await db().auditLog.count()).toBe(audits);
      }
      for (const principal of ["staffWith", "admin"] as const) {
        const { input, state } = await c.setup();
        const before = await state();
        await actAs({ id: who[principal].id });
        const res = await c.call(input);
        expect(res, `${principal} may`).toMatchObject({ ok: true });
        expect(await state(), `${principal} changed it`).not.toEqual(before);
      }
    });
  }
});

describe("access actions", () => {
  it("answers translated field errors for invalid input, in both languages", async () => {
    await actAs({ id: who.admin.id });
    const res = await A.saveRoleAction({ code: "", nameEn: "x".repeat(101), nameZh: "角色", dataScope: "CUSTOM", menuIds: [], organizationIds: [] });
    expect(res).toMatchObject({
      ok: false,
      fieldErrors: { code: "Please enter Code", nameEn: "Name (English) must be at most 100 characters", organizationIds: "Please select Organizations" },
    });
    setTestLocale("zh-CN");
    try {
      const zh = await A.createUserAction({ account: "ab", name: "", userType: "DEALER", roleIds: [], companyIds: [], password: "short" });
      expect(zh.ok).toBe(false);
      if (!zh.ok) {
        expect(zh.fieldErrors?.name).toContain("姓名");
        expect(zh.fieldErrors?.companyIds).toContain("公司");
        expect(zh.fieldErrors?.password).toContain("密码");
      }
    } finally {
      setTestLocale("en-US");
    }
  });

  it("creating a role with an unknown menu fails as a whole: no role, no grants, no audit row", async () => {
    await actAs({ id: who.admin.id });
    const code = upper();
    const menu = await makeMenu();
    const audits = await db().auditLog.count();
    const res = await A.saveRoleAction({ code, nameEn: code, nameZh: code, dataScope: "SELF", menuIds: [menu.id, 2_000_000_000], organizationIds: [] });
    expect(res).toMatchObject({ ok: false, fieldErrors: { menuIds: translator("RoleAdmin.errors")("unknownMenu") } });
    expect(await db().role.count({ where: { code } })).toBe(0);
    expect(await db().roleMenu.count({ where: { menuId: menu.id } })).toBe(0);
    expect(await db().auditLog.count()).toBe(audits);
  });

  it("writes an audit row with before and after", async () => {
    const admin = await actAs({ id: who.admin.id });
    const j = await makeJob();
    expect(await A.saveJobAction({ id: j.id, code: j.code, nameEn: "Regional manager", nameZh: "大区经理", sort: 1, enabled: true })).toMatchObject({ ok: true });
    const row = await db().auditLog.findFirst({ where: { entity: "Job", entityId: String(j.id) }, orderBy: { id: "desc" } });
    expect(row).toMatchObject({ userId: admin!.userId, action: "update", before: { nameEn: j.nameEn }, after: { nameEn: "Regional manager" } });
  });

  it("refuses to delete a menu or an organization that has children, with a clear message", async () => {
    await actAs({ id: who.admin.id });
    const dir = await makeMenu({ type: "DIRECTORY" });
    await makeMenu({ parentId: dir.id, path: "x/y" });
    expect(await A.deleteMenuAction({ id: dir.id })).toEqual({ ok: false, code: "BAD_REQUEST", message: translator("MenuAdmin.errors")("hasChildren") });
    expect(await db().menu.count({ where: { id: dir.id } })).toBe(1);

    const hq = await makeOrganization();
    await makeCompany(hq.id);
    const res = await A.deleteOrganizationAction({ id: hq.id });
    expect(res.ok).toBe(false);
    expect(res.ok ? "" : res.message).toContain("1 companies");
    expect(await auditCount("Organization", hq.id)).toBe(0);
  });

  it("keeps a system role while users hold it, and keeps permission codes unique among buttons", async () => {
    await actAs({ id: who.admin.id });
    const dealer = await db().role.findUnique({ where: { code: "DEALER" } });
    if (dealer && (await db().userRole.count({ where: { roleId: dealer.id } }))) {
      const res = await A.deleteRoleAction({ id: dealer.id });
      expect(res.ok).toBe(false);
      expect(await db().role.count({ where: { id: dealer.id } })).toBe(1);
    }
    const screen = await makeMenu();
    const code = `${uid("p")}:go`;
    await makeMenu({ type: "BUTTON", permission: code, parentId: screen.id });
    const res = await A.saveMenuAction({ parentId: screen.id, type: "BUTTON", nameEn: "Go", nameZh: "走", permission: code, sort: 0, visible: true });
    expect(res).toMatchObject({ ok: false, fieldErrors: { permission: translator("MenuAdmin.errors")("permissionTaken", { permission: code }) } });
  });

  it("approves a registration with companies and roles, and a reset ends the user's sessions", async () => {
    const admin = await actAs({ id: who.admin.id });
    const pending = await makeUser({ status: "PENDING" });
    const [c, r] = [await makeCompany(), await makeRole()];
    expect(await A.approveUserAction({ id: pending.id, userType: "DEALER", roleIds: [r.id], companyIds: [] })).toMatchObject({
      ok: false,
      fieldErrors: { companyIds: "Please select Companies" },
    });
    expect(await A.approveUserAction({ id: pending.id, userType: "DEALER", roleIds: [r.id], companyIds: [c.id] })).toMatchObject({ ok: true });
    const u = await db().user.findUniqueOrThrow({ where: { id: pending.id }, include: { companies: true, roles: true } });
    expect(u).toMatchObject({ status: "ACTIVE", approvedById: admin!.userId, companies: [{ companyId: c.id }], roles: [{ roleId: r.id }] });
    expect(u.approvedAt).toBeInstanceOf(Date);
    expect((await A.approveUserAction({ id: pending.id, userType: "DEALER", roleIds: [r.id], companyIds: [c.id] })).ok).toBe(false);

    const before = u.sessionsValidFrom;
    expect(await A.resetPasswordAction({ id: u.id, password: "Changed@1234", confirmPassword: "Changed@5678" })).toMatchObject({
      ok: false,
      fieldErrors: { confirmPassword: "The two passwords are inconsistent" },
    });
    expect(await A.resetPasswordAction({ id: u.id, password: "Changed@1234", confirmPassword: "Changed@1234" })).toMatchObject({ ok: true });
    const after = await db().user.findUniqueOrThrow({ where: { id: u.id } });
    expect(after.sessionsValidFrom.getTime()).toBeGreaterThan(before.getTime());
  });

  it("staff may not create an administrator, nor give a dealer's companies to staff", async () => {
    await actAs({ id: who.staffWith.id });
    const admin = await db().role.findUnique({ where: { code: "ADMIN" } });
    const base = { name: "X", phone: null, organizationId: null, jobId: null, companyIds: [], password: "Secret#Green-2026" };
    expect(await A.createUserAction({ ...base, account: uid("a"), userType: "ADMIN", roleIds: [] })).toMatchObject({ ok: false, message: translator("Common")("forbidden") });
    if (admin) expect((await A.createUserAction({ ...base, account: uid("a"), userType: "STAFF", roleIds: [admin.id] })).ok).toBe(false);
    const c = await makeCompany();
    expect(await A.createUserAction({ ...base, account: uid("a"), userType: "STAFF", roleIds: [], companyIds: [c.id] })).toMatchObject({
      ok: false,
      fieldErrors: { companyIds: translator("UserAdmin.errors")("staffNoCompanies") },
    });
  });

  it("staff with a narrow scope cannot act on users outside it (404, as a missing one)", async () => {
    const [mine, other] = [await makeOrganization(), await makeOrganization()];
    const buttons = await Promise.all(["user:disable"].map((permission) => makeMenu({ type: "BUTTON", permission })));
    const role = await makeRole({ dataScope: "ORG", menuIds: buttons.map((b) => b.id) });
    const me = await makeUser({ userType: "STAFF", organizationId: mine.id, roleIds: [role.id] });
    const [inside, outside] = [await makeUser({ userType: "STAFF", organizationId: mine.id }), await makeUser({ userType: "STAFF", organizationId: other.id })];
    await actAs(me);
    expect(await A.setUserEnabledAction({ id: outside.id, enabled: false })).toEqual({ ok: false, code: "NOT_FOUND", message: translator("Errors")("notFound") });
    expect((await db().user.findUniqueOrThrow({ where: { id: outside.id } })).status).toBe("ACTIVE");
    expect(await A.setUserEnabledAction({ id: inside.id, enabled: false })).toMatchObject({ ok: true });
  });
});
