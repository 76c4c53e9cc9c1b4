import { describe, expect, it } from "vitest";
import { menuCatalog, type MenuSeed } from "@/prisma/seed/menus";
import { PERMISSIONS, isPermission } from "./permissions";

const seeded = (menus: MenuSeed[]): string[] => menus.flatMap((m) => [...(m.buttons ?? []).map((b) => b.permission), ...seeded(m.children ?? [])]);

describe("Permission", () => {
  it("lists each code once", () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it("is exactly the set of codes the menu seed grants (none checked that no role can hold, none seeded that nothing checks by name)", () => {
    expect([...new Set(seeded(menuCatalog))].sort()).toEqual([...PERMISSIONS].sort());
  });

  it("narrows strings that arrive as data", () => {
    expect(isPermission("order:confirm")).toBe(true);
    expect(isPermission("order:confrim")).toBe(false);
    expect(isPermission("")).toBe(false);
  });
});
