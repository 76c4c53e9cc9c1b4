// The vehicle lists' URL (car/stock, car/vehicleSales, car/carReturn): the filters keep the
// names and forms of the admin pattern's query string (lib/admin/list-query.ts: `vin`,
// `entryAtFrom`/`entryAtTo`, `returned=true`), because the export endpoint
// (/api/v1/admin/<resource>/export) reads them with the same resource definition, so the list
// and its export always mean the same rows. Paging is the record-list kit's keyset cursor and
// page size (lib/list/keyset.ts). Pure and client-safe.
import { KEYSET_SIZE, listQueryParams, PAGE_SIZES, parseKeysetQuery, type KeysetQuery } from "@/lib/admin/list-query";

export const LIST_SIZES = PAGE_SIZES;
export const DEFAULT_LIST_SIZE = KEYSET_SIZE;

/** The resource's filters as lib/admin/list-query.ts parses them, the cursor and the page size:
 * a keyset resource's query (lib/admin/list-query.ts `parseKeysetQuery`). */
export type VehicleListFilters = KeysetQuery;

export const parseVehicleListFilters = parseKeysetQuery;

/** The filters alone, as the export endpoint reads them ("?vin=…" or ""). */
export function filterQuery(f: Pick<VehicleListFilters, "values">): string {
  const q = listQueryParams({ filters: f.values }).toString();
  return q ? `?${q}` : "";
}

/** The list's URL query: filters, a page size other than the default, then `extra` (a cursor). */
export function listQuery(f: Omit<VehicleListFilters, "cursor">, extra: Record<string, string | number> = {}): string {
  const p = listQueryParams({ filters: f.values });
  if (f.size !== DEFAULT_LIST_SIZE) p.set("size", String(f.size));
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  const q = p.toString();
  return q ? `?${q}` : "";
}

/** A text or select filter's value for the form ("" when unset). */
export const textValue = (f: VehicleListFilters, name: string): string => {
  const v = f.values[name];
  return typeof v === "string" || typeof v === "number" ? String(v) : typeof v === "boolean" ? String(v) : "";
};

/** A day range filter's ends for the form. */
export const rangeValue = (f: VehicleListFilters, name: string): { from: string; to: string } => {
  const v = f.values[name];
  return v && typeof v === "object" ? { from: v.from ?? "", to: v.to ?? "" } : { from: "", to: "" };
};
