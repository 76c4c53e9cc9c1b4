// Reference data every database needs (system variables, message templates, upload rules,
// dictionaries, dealer types, regions, numbering rules, the headquarters, the roles and the
// menu tree with its grants) and, unless --reference-only, the demo data (companies, users with
// the README's passwords, catalogue, orders, after-sales, news, downloads). npm start loads the
// demo only into the embedded database (or with --demo); a real database gets its first
// administrator from npm run setup:admin.
// Idempotent: safe to run on every start. Rows that exist are left as they are, so what
// administrators changed (names, order, icons, regions) survives a restart; missing rows are
// created. It upserts by natural keys and never overwrites a password someone changed.
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import type { DataScope, OrganizationType, Prisma, UserType } from "@/lib/generated/prisma/client";
import { seedAttachments } from "./seed/attachments";
import { seedDictionaries } from "./seed/dictionaries";
import { menuCatalog, type MenuSeed } from "./seed/menus";
import { seedOrgSources } from "./seed/org-sources";
import { seedCodeRules } from "./seed/code-rules";
import { seedRegions } from "./seed/regions";
import { seedAddresses } from "./seed/addresses";
import { seedVariables } from "./seed/variables";
import { seedMessageTemplates } from "./seed/message-templates";
import { seedCatalog } from "./seed/catalog";
import { seedOrders } from "./seed/orders";
import { seedVehicleSales } from "./seed/vehicle-sales";
import { seedAfterSales } from "./seed/after-sales";
import { seedNews } from "./seed/news";
import { seedDownloads } from "./seed/downloads";
import { seedWmsStock } from "./seed/wms-stock";
import { seedWarehouses } from "./seed/warehouses";
import { seedDemoMembers, seedMemberRules } from "./seed/members";
import { seedPlans } from "./seed/plans";
import { seedDevices } from "./seed/devices";
import { seedOAuthClients } from "./seed/oauth";
import { seedWechat } from "./seed/wechat";
import { seedAppReleases } from "./seed/app-releases";
import { seedQrTemplates } from "./seed/qrcode";

const organizations: { code: string; nameEn: string; nameZh: string; type: OrganizationType; parent?: string; sort: number }[] = [
  { code: "HQ", nameEn: "Green Motors Headquarters", nameZh: "绿色汽车总部", type: "HEADQUARTERS", sort: 0 },
  { code: "SALES", nameEn: "Sales Operations", nameZh: "销售运营部", type: "DEPARTMENT", parent: "HQ", sort: 1 },
  { code: "R-EAST", nameEn: "East China Region", nameZh: "华东大区", type: "REGION", parent: "HQ", sort: 2 },
  { code: "R-NORTH", nameEn: "North China Region", nameZh: "华北大区", type: "REGION", parent: "HQ", sort: 3 },
];

const companies = [
  {
    code: "D001",
    nameEn: "Green Motors Shanghai",
    nameZh: "绿色汽车上海店",
    org: "R-EAST",
    source: "4S",
    contact: "Li Wei",
    phone: "13800000001",
    region: "310100",
    address: "1888 Century Avenue, Pudong",
    licenseNo: "91310115MA1H000011",
  },
  {
    code: "D002",
    nameEn: "Green Motors Beijing",
    nameZh: "绿色汽车北京店",
    org: "R-NORTH",
    source: "4S",
    contact: "Zhang Min",
    phone: "13800000002",
    region: "110100",
    address: "66 Jianguo Road, Chaoyang",
    licenseNo: "91110105MA0100002P",
  },
];

const roles: { code: string; nameEn: string; nameZh: string; dataScope: DataScope }[] = [
  { code: "ADMIN", nameEn: "Administrator", nameZh: "系统管理员", dataScope: "ALL" },
  { code: "SALES_OPS", nameEn: "Sales Operations", nameZh: "销售运营", dataScope: "ALL" },
  { code: "DEALER", nameEn: "Dealer", nameZh: "经销商", dataScope: "SELF" },
];

// Posts of the manufacturer's staff (system/job).
const jobs = [
  { code: "SALES_MANAGER", nameEn: "Regional Sales Manager", nameZh: "大区销售经理", sort: 10 },
  { code: "SALES_OPS", nameEn: "Sales Operations Specialist", nameZh: "销售运营专员", sort: 20 },
  { code: "AFTER_SALES", nameEn: "After-sales Engineer", nameZh: "售后工程师", sort: 30 },
];

const users: { account: string; password: string; name: string; phone: string; userType: UserType; org?: string; roles: string[]; companies: string[] }[] = [
  { account: "admin", password: "Admin@123456", name: "Administrator", phone: "13900000000", userType: "ADMIN", org: "HQ", roles: ["ADMIN"], companies: [] },
  { account: "staff.sales", password: "Staff@123456", name: "Chen Jing", phone: "13900000001", userType: "STAFF", org: "SALES", roles: ["SALES_OPS"], companies: [] },
  { account: "dealer.sh", password: "Dealer@123456", name: "Wang Fang", phone: "13900000002", userType: "DEALER", roles: ["DEALER"], companies: ["D001"] },
  { account: "dealer.group", password: "Dealer@123456", name: "Zhao Lei", phone: "13900000003", userType: "DEALER", roles: ["DEALER"], companies: ["D001", "D002"] },
];

/** Creates a menu row once; `fresh` says whether this run created it. */
async function ensureMenu(key: string, data: Omit<Prisma.MenuUncheckedCreateInput, "key">, fresh: Set<number>): Promise<{ id: number }> {
  const existing = await db().menu.findUnique({ where: { key }, select: { id: true } });
  if (existing) return existing;
  const row = await db().menu.create({ data: { key, ...data }, select: { id: true } });
  fresh.add(row.id);
  return row;
}

/** Creates a level of the menu tree; returns the roles granted anything in it, so a directory
 * is granted to exactly the roles that may open one of its screens. */
async function seedMenus(nodes: MenuSeed[], parentId: number | null, grants: Map<string, Set<number>>, fresh: Set<number>, forced: Set<string> = new Set()): Promise<Set<string>> {
  const levelRoles = new Set<string>();
  for (const [i, m] of nodes.entries()) {
    const data = {
      parentId,
      type: m.children ? ("DIRECTORY" as const) : ("MENU" as const),
      path: m.path ?? null,
      icon: m.icon ?? null,
      nameEn: m.nameEn,
      nameZh: m.nameZh,
      sort: i * 10,
      tile: !!m.tile,
      tileSort: m.tile?.sort ?? 0,
      tileNameEn: m.tile?.nameEn ?? null,
      tileNameZh: m.tile?.nameZh ?? null,
    };
    const row = await ensureMenu(m.key, data, fresh);
    const roles = m.children ? await seedMenus(m.children, row.id, grants, fresh, forced) : new Set(["ADMIN", ...(m.roles ?? [])]);
    for (const [j, b] of (m.buttons ?? []).entries()) {
      const button = { parentId: row.id, type: "BUTTON" as const, permission: b.permission, nameEn: b.nameEn, nameZh: b.nameZh, sort: j * 10, path: null, icon: null };
      const key = `${m.key}:${b.permission}`;
      const saved = await ensureMenu(key, button, fresh);
      for (const role of ["ADMIN", ...(b.roles ?? [])]) {
        if (!grants.has(role)) grants.set(role, new Set());
        grants.get(role)!.add(saved.id);
        // A new button for a role the screen was not granted to before (crm/customerPlan became
        // a dealer screen too): the role gets the existing screen with it.
        if (fresh.has(saved.id) && !m.children && roles.has(role)) forced.add(`${role}:${row.id}`);
      }
    }
    for (const role of roles) {
      if (!grants.has(role)) grants.set(role, new Set());
      grants.get(role)!.add(row.id);
      levelRoles.add(role);
    }
  }
  return levelRoles;
}

/** The organization every database has: the root of the staff's tree. */
const REFERENCE_ORGANIZATIONS = new Set(["HQ"]);

export async function seed(opts: { demo?: boolean } = {}) {
  const demo = opts.demo ?? true;
  const prisma = db();
  await seedVariables();
  await seedMessageTemplates();
  await seedAttachments();
  await seedDictionaries();
  const sourceIds = await seedOrgSources();
  const regionIds = await seedRegions();
  await seedCodeRules();
  await seedMemberRules();
  const orgIds = new Map<string, number>();
  for (const o of organizations.filter((o) => demo || REFERENCE_ORGANIZATIONS.has(o.code))) {
    const data = { nameEn: o.nameEn, nameZh: o.nameZh, type: o.type, sort: o.sort, parentId: o.parent ? orgIds.get(o.parent)! : null };
    const row = await prisma.organization.upsert({ where: { code: o.code }, create: { code: o.code, ...data }, update: {} });
    orgIds.set(o.code, row.id);
  }
  const companyIds = new Map<string, number>();
  for (const c of demo ? companies : []) {
    const data = { nameEn: c.nameEn, nameZh: c.nameZh, organizationId: orgIds.get(c.org)!, contact: c.contact, phone: c.phone };
    const existed = await prisma.company.findUnique({ where: { code: c.code }, select: { id: true } });
    const row = await prisma.company.upsert({ where: { code: c.code }, create: { code: c.code, ...data }, update: {} });
    // A new company gets its demo delivery addresses once; an emptied address book stays empty.
    if (!existed) await seedAddresses(row.id, c.code, regionIds);
    // Fields added by later releases are filled in where still empty, never overwritten.
    if (row.orgSourceId === null) await prisma.company.update({ where: { id: row.id }, data: { orgSourceId: sourceIds.get(c.source) ?? null } });
    if (row.regionAreaId === null) await prisma.company.update({ where: { id: row.id }, data: { regionAreaId: regionIds.get(c.region) ?? null } });
    if (row.licenseNo === null) await prisma.company.update({ where: { id: row.id }, data: { licenseNo: c.licenseNo, address: row.address ?? c.address } });
    companyIds.set(c.code, row.id);
  }
  for (const j of demo ? jobs : []) await prisma.job.upsert({ where: { code: j.code }, create: j, update: {} });
  const roleIds = new Map<string, number>();
  const freshRoles = new Set<string>();
  for (const r of roles) {
    const existing = await prisma.role.findUnique({ where: { code: r.code }, select: { id: true } });
    if (!existing) freshRoles.add(r.code);
    roleIds.set(r.code, (existing ?? (await prisma.role.create({ data: r, select: { id: true } }))).id);
  }

  // Grants are seeded for new roles and new menus only: a grant an administrator removed stays
  // removed, while a screen added by a later release reaches the roles meant to have it.
  const grants = new Map<string, Set<number>>();
  const freshMenus = new Set<number>();
  const forced = new Set<string>();
  await seedMenus(menuCatalog, null, grants, freshMenus, forced);
  for (const [role, menuIds] of grants) {
    const roleId = roleIds.get(role);
    if (!roleId) continue;
    const ids = [...menuIds].filter((id) => freshRoles.has(role) || freshMenus.has(id) || forced.has(`${role}:${id}`));
    await prisma.roleMenu.createMany({ data: ids.map((menuId) => ({ roleId, menuId })), skipDuplicates: true });
  }

  if (!demo) return;
  for (const u of users) {
    const existing = await prisma.user.findUnique({ where: { account: u.account }, select: { id: true } });
    const user =
      existing ??
      (await prisma.user.create({
        data: {
          account: u.account,
          name: u.name,
          phone: u.phone,
          userType: u.userType,
          status: "ACTIVE",
          passwordHash: await hashPassword(u.password),
          organizationId: u.org ? orgIds.get(u.org) : null,
        },
      }));
    await prisma.userRole.createMany({ data: u.roles.map((r) => ({ userId: user.id, roleId: roleIds.get(r)! })), skipDuplicates: true });
    await prisma.userCompany.createMany({ data: u.companies.map((c) => ({ userId: user.id, companyId: companyIds.get(c)! })), skipDuplicates: true });
  }
  // The demo catalogue (goods, pictures, factory vehicles), after the users: the admin uploads.
  await seedCatalog((await prisma.user.findUniqueOrThrow({ where: { account: "admin" }, select: { id: true } })).id);
  // The dealers' warehouses, before the orders: a received order's entry goes to the default one.
  await seedWarehouses();
  // Demo orders in every state, after the catalogue and the addresses they use.
  await seedOrders();
  // Retail sales and a car return of vehicles those orders delivered.
  await seedVehicleSales();
  await seedDemoMembers();
  // Parts returns, delivery batches and complaints in their states (after the parts orders).
  await seedAfterSales();
  // News articles with drawn covers (published, scheduled, draft), by staff.sales.
  await seedNews();
  // The download centre's items with generated files and covers (one with verify code GM2026).
  await seedDownloads();
  // Warehouse stock (customerWms/inventory): after the orders and sales that leave D001's vehicles in stock.
  await seedWmsStock();
  // Purchase plans (crm/customerPlan): D001's approved plan for the current month, after the orders it is measured against.
  await seedPlans();
  // Users' mobile devices (system/userEquipment, My account) in each state, after the users.
  await seedDevices();
  // OAuth clients of the REST API: the mobile app (PKCE) and an ERP integration (client credentials).
  await seedOAuthClients();
  // Mobile app releases (system/appVersion): published Android and iOS 1.4.2, an Android draft.
  await seedAppReleases();
  // QR code templates (system/qrcodeModel): one default per purpose.
  await seedQrTemplates();
  // WeChat (system/weixinApp): the enabled demo official account (not a real one), a disabled mini
  // program, WECHAT templates for four dealer events, and dealer.sh bound with notifications on.
  await seedWechat();
}

if (process.argv[1] && /seed\.ts$/.test(process.argv[1])) {
  const started = Date.now();
  const demo = !process.argv.includes("--reference-only");
  seed({ demo })
    .then(() => {
      console.log(`seed: ${demo ? "reference and demo data" : "reference data (no demo)"} ready (${Date.now() - started} ms)`);
      process.exit(0);
    })
    .catch((err) => {
      console.error("seed failed:", err);
      process.exit(1);
    });
}
