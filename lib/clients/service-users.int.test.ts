import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs } from "@/lib/test/action-harness";
import { makeCompany, makeOrganization, makeUser, roleId, uid } from "@/lib/test/factories";
import { searchDealerUsers } from "@/lib/companies/loader";
import { loadEmployees } from "@/lib/system/admin-queries";
import * as S from "@/lib/system/actions";
import type { Viewer } from "@/lib/auth/viewer";
import { saveClientAction } from "./actions";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 22: an OAuth client's service user is managed on system/client only. It never shows in
// an account list (system/departmentEmployee, the company's user picker) and the account
// administration cannot change it (404, as a user outside one's scope).

let admin: Viewer;
const service: { staff: { id: number; account: string }; dealer: { id: number; account: string } } = {} as never;

async function clientUser(over: Record<string, unknown>) {
  const clientId = uid("svc").toLowerCase();
  const res = await saveClientAction({
    name: "Service",
    clientId,
    confidential: true,
    grants: ["client_credentials"],
    redirectUris: [],
    scopes: ["orders:read"],
    accessTokenSeconds: 3600,
    refreshTokenSeconds: 2592000,
    rateLimitPerMinute: 600,
    enabled: true,
    ...over,
  });
  if (!res.ok) throw new Error(res.message);
  const c = await db().oAuthClient.findUniqueOrThrow({ where: { id: res.data.id }, select: { serviceUser: { select: { id: true, account: true } } } });
  return c.serviceUser!;
}

beforeAll(async () => {
  admin = (await actAs(await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] })))!;
  const org = await makeOrganization();
  const company = await makeCompany(org.id);
  service.staff = await clientUser({ binding: "STAFF", organizationId: org.id, roleIds: [await roleId("SALES_OPS")] });
  service.dealer = await clientUser({ binding: "DEALER", companyId: company.id, roleIds: [await roleId("DEALER")] });
});

describe("service users stay out of account administration", () => {
  it("are not listed on system/departmentEmployee, even searched by their account", async () => {
    for (const u of [service.staff, service.dealer]) {
      const page = await loadEmployees(admin, new URL(`http://x/system/departmentEmployee?q=${u.account}`));
      expect(page.users.map((x) => x.id)).not.toContain(u.id);
      expect(page.total).toBe(0);
    }
    const all = await loadEmployees(admin, new URL("http://x/system/departmentEmployee?q=svc"));
    expect(all.users.some((x) => x.account.startsWith("svc-"))).toBe(false);
  });

  it("are not offered to link to a company", async () => {
    expect((await searchDealerUsers(admin, service.dealer.account)).map((u) => u.id)).not.toContain(service.dealer.id);
  });

  it("cannot be edited, disabled or given a password there (404)", async () => {
    const u = service.staff;
    const update = await S.updateUserAction({
      id: u.id,
      name: "Hijack",
      phone: null,
      userType: "STAFF",
      organizationId: null,
      jobId: null,
      roleIds: [await roleId("ADMIN")],
      companyIds: [],
    });
    expect(update).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await S.setUserEnabledAction({ id: u.id, enabled: false })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await S.resetPasswordAction({ id: u.id, password: "Another#Pass-2026x", confirmPassword: "Another#Pass-2026x" })).toMatchObject({ ok: false });
    const after = await db().user.findUniqueOrThrow({ where: { id: u.id }, include: { roles: true } });
    expect(after).toMatchObject({ status: "ACTIVE", passwordHash: "!", service: true });
    expect(after.roles.map((r) => r.roleId)).toEqual([await roleId("SALES_OPS")]);
  });
});
