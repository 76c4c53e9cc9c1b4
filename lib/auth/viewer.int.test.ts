import type { Permission } from "@/lib/access/permissions";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { makeCompany, makeMenu, makeRole, makeUser, nowSeconds } from "@/lib/test/factories";
import { hasPermission, loadViewer } from "./viewer";

describe("loadViewer", () => {
  it("confines a dealer to a company of their own", async () => {
    const [mine, other] = await Promise.all([makeCompany(), makeCompany()]);
    const user = await makeUser({ companyIds: [mine.id] });
    const viewer = await loadViewer(user.id, mine.id, nowSeconds());
    expect(viewer?.company?.code).toBe(mine.code);
    expect(await loadViewer(user.id, other.id, nowSeconds())).toBeNull();
    expect(await loadViewer(user.id, null, nowSeconds())).toBeNull();
  });

  it("ends the session of a disabled user and of sessions issued before a reset", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    const issuedAt = nowSeconds() - 10;
    expect(await loadViewer(user.id, company.id, issuedAt)).not.toBeNull();
    await db().user.update({ where: { id: user.id }, data: { sessionsValidFrom: new Date() } });
    expect(await loadViewer(user.id, company.id, issuedAt)).toBeNull();
    await db().user.update({ where: { id: user.id }, data: { status: "DISABLED" } });
    expect(await loadViewer(user.id, company.id, nowSeconds() + 5)).toBeNull();
  });

  it("grants the permission codes of the roles' buttons and the widest data scope", async () => {
    const button = await makeMenu({ type: "BUTTON", permission: `perm:${Date.now()}` });
    const narrow = await makeRole({ dataScope: "SELF", menuIds: [button.id] });
    const wide = await makeRole({ dataScope: "ORG_AND_CHILDREN" });
    const staff = await makeUser({ userType: "STAFF", roleIds: [narrow.id, wide.id] });
    const viewer = (await loadViewer(staff.id, null, nowSeconds()))!;
    // A code made up for the test (a BUTTON menu staff created): the viewer holds whatever the rows grant.
    expect(hasPermission(viewer, button.permission as Permission)).toBe(true);
    expect(hasPermission(viewer, "order:confirm")).toBe(false);
    expect(viewer.dataScope).toBe("ORG_AND_CHILDREN");
    expect(viewer.company).toBeNull();

    const admin = await makeUser({ userType: "ADMIN" });
    const adminViewer = (await loadViewer(admin.id, null, nowSeconds()))!;
    expect(hasPermission(adminViewer, "anything:at-all" as Permission)).toBe(true);
    expect(adminViewer.dataScope).toBe("ALL");
  });
});
