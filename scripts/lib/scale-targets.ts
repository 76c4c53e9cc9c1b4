// The list endpoints npm run bench:scale measures, found in app/api/v1 rather than listed, so
// a new endpoint is measured without editing the bench.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./paths";

/** Required query parameters of list endpoints (each value one row). */
export const API_QUERIES: Record<string, string[]> = {
  "api/v1/orders": ["type=PARTS", "type=VEHICLE"],
  "api/v1/goods": ["kind=PART", "kind=VEHICLE"],
  "api/v1/cart": ["type=PARTS", "type=VEHICLE"],
  "api/v1/wms/documents": ["type=ENTRY", "type=DELIVERY", "type=MOVE", "type=TRANSFER", "type=STOCKTAKE"],
};
/** GET endpoints under /api/v1 that are not lists (downloads of one file, the schema). */
const NOT_LISTS = /(^|\/)(export|import|openapi\.json|latest|package|file|counter-sales)(\/|$)/;

/** The list endpoints: every app/api/v1/**\/route.ts with a GET and no [id] segment. */
export function listEndpoints(dir = path.join(ROOT, "app/api/v1"), prefix = "api/v1"): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith("[")) out.push(...listEndpoints(full, `${prefix}/${entry.name}`));
    } else if (entry.name === "route.ts" && /export (const|async function) GET\b/.test(fs.readFileSync(full, "utf8")) && !NOT_LISTS.test(prefix)) {
      out.push(...(API_QUERIES[prefix]?.map((q) => `${prefix}?${q}`) ?? [prefix]));
    }
  }
  return out.sort();
}
