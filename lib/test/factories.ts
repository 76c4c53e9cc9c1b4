// Test data for integration tests: every call makes new rows with unique codes, so tests never
// depend on each other or on the demo seed.
import { randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import type { DataScope, MenuType, OrganizationType, UserStatus, UserType } from "@/lib/generated/prisma/client";

export const uid = (prefix = "t") => `${prefix}${randomBytes(5).toString("hex")}`;

export async function makeOrganization(parentId: number | null = null, type?: OrganizationType) {
  const code = uid("ORG");
  return db().organization.create({ data: { code, nameEn: code, nameZh: code, type: type ?? (parentId ? "REGION" : "HEADQUARTERS"), parentId } });
}

export async function makeJob() {
  const code = uid("JOB");
  return db().job.create({ data: { code, nameEn: code, nameZh: code } });
}

export async function makeCompany(organizationId?: number, status: "ACTIVE" | "DISABLED" = "ACTIVE") {
  const org = organizationId ?? (await makeOrganization()).id;
  const code = uid("C");
  return db().company.create({ data: { code, nameEn: `Company ${code}`, nameZh: `公司${code}`, organizationId: org, status } });
}

export async function makeRole(opts: { dataScope?: DataScope; menuIds?: number[]; organizationIds?: number[] } = {}) {
  const code = uid("ROLE");
  return db().role.create({
    data: {
      code, nameEn: code, nameZh: code, dataScope: opts.dataScope ?? "SELF", menus: { create: (opts.menuIds ?? []).map((menuId) => ({ menuId })) },
      organizations: { create: (opts.organizationIds ?? []).map((organizationId) => ({ organizationId })) },
    },
  });
}

export async function makeMenu(opts: { type?: MenuType; path?: string | null; permission?: string | null; parentId?: number | null; tile?: boolean; visible?: boolean; tileNameEn?: string; tileNameZh?: string } = {}) {
  const key = uid("menu.");
  return db().menu.create({
    data: {
      key, type: opts.type ?? "MENU", path: opts.path ?? null, permission: opts.permission ?? null, parentId: opts.parentId ?? null,
      nameEn: key, nameZh: key, tile: opts.tile ?? false, visible: opts.visible ?? true, tileNameEn: opts.tileNameEn ?? null, tileNameZh: opts.tileNameZh ?? null,
    },
  });
}

let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = "Test@123456";

export async function makeUser(opts: { userType?: UserType; status?: UserStatus; companyIds?: number[]; roleIds?: number[]; sessionsValidFrom?: Date; organizationId?: number | null } = {}) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const account = uid("u");
  return db().user.create({
    data: {
      account,
      name: `User ${account}`,
      userType: opts.userType ?? "DEALER",
      status: opts.status ?? "ACTIVE",
      passwordHash: await cachedHash,
      sessionsValidFrom: opts.sessionsValidFrom ?? new Date(Date.now() - 60_000),
      organizationId: opts.organizationId ?? null,
      companies: { create: (opts.companyIds ?? []).map((companyId) => ({ companyId })) },
      roles: { create: (opts.roleIds ?? []).map((roleId) => ({ roleId })) },
    },
  });
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
