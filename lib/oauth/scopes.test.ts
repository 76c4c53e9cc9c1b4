import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/lib/access/permissions";
import { implementedRoutes } from "@/lib/routes";
import { AREAS, PUBLIC_API_PATHS, SCOPE_AREAS, isPublicApiPath, SCOPES, areaOfPath, grantOf, scopeNeeded, scopesCover } from "./scopes";

// Every route handler under app/api/v1 belongs to one scope area (or is public): a new endpoint
// that no scope names would be out of every token's reach, or, worse, guessed into one.

const ROOT = path.join(__dirname, "..", "..", "app", "api", "v1");

function routeDirs(dir = ROOT, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routeDirs(full, `${prefix}/${name}`));
    else if (name === "route.ts") out.push(prefix);
  }
  return out;
}

describe("OAuth scopes", () => {
  it("give every /api/v1 endpoint an area, unless it is public", () => {
    const orphans = routeDirs().filter((p) => !isPublicApiPath(p) && areaOfPath(`/api/v1${p}`) === null);
    expect(orphans).toEqual([]);
  });

  it("match public paths by pattern, one segment per {id}", () => {
    expect(PUBLIC_API_PATHS).toContain("/app/releases/{id}/package");
    expect(isPublicApiPath("/customerWeb/api/v1/app/releases/12/package")).toBe(true);
    expect(isPublicApiPath("/api/v1/app/releases/12/package/")).toBe(true);
    expect(isPublicApiPath("/api/v1/app/latest")).toBe(true);
    expect(isPublicApiPath("/api/v1/app/releases/12/x/package")).toBe(false);
    expect(isPublicApiPath("/api/v1/app/releases//package")).toBe(false);
    expect(isPublicApiPath("/api/v1/app/releases/12")).toBe(false);
    expect(isPublicApiPath("/api/v1/orders")).toBe(false);
  });

  it("name only permissions and screens that exist", () => {
    for (const area of SCOPE_AREAS) {
      const def = AREAS[area];
      for (const p of [...(def.readPermissions ?? []), ...def.writePermissions]) expect(PERMISSIONS).toContain(p);
      for (const r of def.routes) expect(implementedRoutes.has(r), r).toBe(true);
    }
  });

  it("need read for GET and write for changes, under the base path too", () => {
    expect(scopeNeeded("/customerWeb/api/v1/orders/12", "GET")).toBe("orders:read");
    expect(scopeNeeded("/api/v1/orders", "POST")).toBe("orders:write");
    expect(scopeNeeded("/api/v1/ordersX", "GET")).toBeNull();
    expect(scopeNeeded("/api/v1/wms/documents/1/post", "post")).toBe("warehouse:write");
    expect(scopeNeeded("/api/v1/openapi.json", "GET")).toBeNull();
  });

  it("let write cover read, and not the other way round", () => {
    expect(scopesCover(["orders:write"], "orders:read")).toBe(true);
    expect(scopesCover(["orders:read"], "orders:write")).toBe(false);
    expect(scopesCover(["goods:read"], "orders:read")).toBe(false);
  });

  it("grant write permissions only with write scopes", () => {
    const read = grantOf(["orders:read"]);
    expect(read.routes.has("onlineMall/car/order")).toBe(true);
    expect(read.permissions.has("order:submit")).toBe(false);
    expect(grantOf(["orders:write"]).permissions.has("order:submit")).toBe(true);
    expect(grantOf(["nonsense:write", "orders"]).routes.size).toBe(0);
    expect(SCOPES).toHaveLength(SCOPE_AREAS.length * 2);
  });
});
