import { describe, expect, it } from "vitest";
import { loadViewer } from "@/lib/auth/viewer";
import { makeCompany, makeMenu, makeRole, makeUser, nowSeconds } from "@/lib/test/factories";
import { canOpenRoute, getHomeTiles, getMenuTree, type MenuNode } from "./menus";

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

async function dealerWith(menuIds: number[]) {
  const company = await makeCompany();
  const role = await makeRole({ menuIds });
  const user = await makeUser({ companyIds: [company.id], roleIds: [role.id] });
  return (await loadViewer(user.id, company.id, nowSeconds()))!;
}

describe("side menu and home tiles", () => {
  it("show only screens that exist and that a role grants, inside their directories", async () => {
    const dir = await makeMenu({ type: "DIRECTORY" });
    const existing = await makeMenu({ path: "system/role", parentId: dir.id });
    const notBuilt = await makeMenu({ path: "crm/someFutureScreen", parentId: dir.id });
    const emptyDir = await makeMenu({ type: "DIRECTORY" });
    const hidden = await makeMenu({ path: "system/menu", parentId: emptyDir.id, visible: false });
    const viewer = await dealerWith([dir.id, existing.id, notBuilt.id, emptyDir.id, hidden.id]);

    const tree = await getMenuTree(viewer);
    const keys = flatten(tree).map((n) => n.key);
    expect(keys).toContain(dir.key);
    expect(keys).toContain(existing.key);
    expect(keys).not.toContain(notBuilt.key);
    expect(keys).not.toContain(hidden.key);
    expect(keys).not.toContain(emptyDir.key); // a directory with nothing to open is left out
    expect(tree.find((n) => n.key === dir.key)?.children.map((c) => c.key)).toEqual([existing.key]);
  });

  it("tiles follow the same rule", async () => {
    const granted = await makeMenu({ path: "system/organization", tile: true });
    const future = await makeMenu({ path: "onlineMall/car/goods-future", tile: true });
    const notGranted = await makeMenu({ path: "system/menu", tile: true });
    const viewer = await dealerWith([granted.id, future.id]);
    const tiles = (await getHomeTiles(viewer)).map((t) => t.key);
    expect(tiles).toContain(granted.key);
    expect(tiles).not.toContain(future.key);
    expect(tiles).not.toContain(notGranted.key);
  });

  it("a tile shows its own name when the menu row has one, else the menu's", async () => {
    const named = await makeMenu({ path: "car/stock", tile: true, tileNameEn: "Inventory", tileNameZh: "库存" });
    const plain = await makeMenu({ path: "system/organization", tile: true });
    const tiles = await getHomeTiles(await dealerWith([named.id, plain.id]));
    expect(tiles.find((t) => t.key === named.key)).toMatchObject({ nameEn: "Inventory", nameZh: "库存" });
    expect(tiles.find((t) => t.key === plain.key)).toMatchObject({ nameEn: plain.nameEn, nameZh: plain.nameZh });
  });

  it("a screen the roles do not grant cannot be opened; an administrator opens every built screen", async () => {
    const viewer = await dealerWith([]);
    expect(await canOpenRoute(viewer, "system/role")).toBe(false);
    expect(await canOpenRoute(viewer, "not/a/route")).toBe(false);
    const admin = await makeUser({ userType: "ADMIN" });
    const adminViewer = (await loadViewer(admin.id, null, nowSeconds()))!;
    expect(await canOpenRoute(adminViewer, "system/role")).toBe(true);
    expect(await canOpenRoute(adminViewer, "not/a/route")).toBe(false);
  });
});
