import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { DataScope } from "@/lib/generated/prisma/client";
import { makeCompany, makeOrganization, makeRole, makeUser, nowSeconds } from "@/lib/test/factories";
import { companyScopeWhere, userScopeWhere } from "./scope";

// A small tree:  HQ ─┬─ EAST ── EAST-SUB
//                    └─ NORTH
// with one company in each of EAST, EAST-SUB and NORTH, and one employee in each organization.
let t: Awaited<ReturnType<typeof buildTree>>;

async function buildTree() {
  const hq = await makeOrganization(null, "HEADQUARTERS");
  const east = await makeOrganization(hq.id, "REGION");
  const eastSub = await makeOrganization(east.id, "DEPARTMENT");
  const north = await makeOrganization(hq.id, "REGION");
  const [cEast, cEastSub, cNorth] = await Promise.all([makeCompany(east.id), makeCompany(eastSub.id), makeCompany(north.id)]);
  const [uHq, uEast, uEastSub, uNorth] = await Promise.all([hq, east, eastSub, north].map((o) => makeUser({ userType: "STAFF", organizationId: o.id })));
  const dealerNorth = await makeUser({ companyIds: [cNorth.id] });
  return { hq, east, eastSub, north, cEast, cEastSub, cNorth, uHq, uEast, uEastSub, uNorth, dealerNorth };
}

beforeAll(async () => {
  t = await buildTree();
});

const mine = () => [t.cEast.id, t.cEastSub.id, t.cNorth.id];
const myUsers = () => [t.uHq.id, t.uEast.id, t.uEastSub.id, t.uNorth.id, t.dealerNorth.id];

async function staff(scopes: { dataScope: DataScope; organizationIds?: number[] }[], organizationId: number | null, companyIds: number[] = []): Promise<Viewer> {
  const roles = await Promise.all(scopes.map((s) => makeRole(s)));
  const user = await makeUser({ userType: "STAFF", organizationId, roleIds: roles.map((r) => r.id), companyIds });
  return (await loadViewer(user.id, null, nowSeconds()))!;
}

async function visibleCompanies(viewer: Viewer): Promise<number[]> {
  const rows = await db().company.findMany({ where: { AND: [await companyScopeWhere(viewer), { id: { in: mine() } }] }, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((r) => r.id);
}

async function visibleUsers(viewer: Viewer): Promise<number[]> {
  const rows = await db().user.findMany({
    where: { AND: [await userScopeWhere(viewer), { id: { in: [...myUsers(), viewer.userId] } }] },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => r.id);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("data scopes", () => {
  it("ALL sees every company and user", async () => {
    const v = await staff([{ dataScope: "ALL" }], t.eastSub.id);
    expect(await visibleCompanies(v)).toEqual(sorted(mine()));
    expect(await visibleUsers(v)).toEqual(sorted([...myUsers(), v.userId]));
  });

  it("ORG_AND_CHILDREN sees the viewer's organization and everything below it", async () => {
    const v = await staff([{ dataScope: "ORG_AND_CHILDREN" }], t.east.id);
    expect(await visibleCompanies(v)).toEqual(sorted([t.cEast.id, t.cEastSub.id]));
    expect(await visibleUsers(v)).toEqual(sorted([t.uEast.id, t.uEastSub.id, v.userId]));
  });

  it("ORG sees only the viewer's own organization", async () => {
    const v = await staff([{ dataScope: "ORG" }], t.east.id);
    expect(await visibleCompanies(v)).toEqual([t.cEast.id]);
    expect(await visibleUsers(v)).toEqual(sorted([t.uEast.id, v.userId]));
  });

  it("SELF sees only the viewer's own user and companies linked to the viewer", async () => {
    const v = await staff([{ dataScope: "SELF" }], t.east.id);
    expect(await visibleCompanies(v)).toEqual([]);
    expect(await visibleUsers(v)).toEqual([v.userId]);
    const linked = await staff([{ dataScope: "SELF" }], t.east.id, [t.cNorth.id]);
    expect(await visibleCompanies(linked)).toEqual([t.cNorth.id]);
  });

  it("CUSTOM sees the chosen organizations and their descendants", async () => {
    const v = await staff([{ dataScope: "CUSTOM", organizationIds: [t.east.id] }], t.north.id);
    expect(await visibleCompanies(v)).toEqual(sorted([t.cEast.id, t.cEastSub.id]));
    expect(await visibleUsers(v)).toEqual(sorted([t.uEast.id, t.uEastSub.id]));
    const none = await staff([{ dataScope: "CUSTOM" }], t.north.id);
    expect(await visibleCompanies(none)).toEqual([]);
  });

  it("several roles add up: the widest wins and narrow ones combine", async () => {
    const v = await staff([{ dataScope: "ORG" }, { dataScope: "CUSTOM", organizationIds: [t.north.id] }], t.eastSub.id);
    expect(await visibleCompanies(v)).toEqual(sorted([t.cEastSub.id, t.cNorth.id]));
    // The north dealer's user is in scope through the company's region.
    expect(await visibleUsers(v)).toEqual(sorted([t.uEastSub.id, t.uNorth.id, t.dealerNorth.id, v.userId]));
    const wide = await staff([{ dataScope: "SELF" }, { dataScope: "ALL" }], null);
    expect(await visibleCompanies(wide)).toEqual(sorted(mine()));
  });

  it("ORG scopes without an organization see nothing", async () => {
    const v = await staff([{ dataScope: "ORG_AND_CHILDREN" }], null);
    expect(await visibleCompanies(v)).toEqual([]);
  });

  it("a dealer sees only the session company, whatever their roles say", async () => {
    const all = await makeRole({ dataScope: "ALL" });
    const dealer = await makeUser({ companyIds: [t.cEast.id, t.cNorth.id], roleIds: [all.id] });
    const v = (await loadViewer(dealer.id, t.cNorth.id, nowSeconds()))!;
    expect(await visibleCompanies(v)).toEqual([t.cNorth.id]);
    expect(await visibleUsers(v)).toEqual(sorted([t.dealerNorth.id, dealer.id]));
  });

  it("an administrator sees everything", async () => {
    const admin = await makeUser({ userType: "ADMIN" });
    const v = (await loadViewer(admin.id, null, nowSeconds()))!;
    expect(await visibleCompanies(v)).toEqual(sorted(mine()));
  });
});
