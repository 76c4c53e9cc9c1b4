// The vehicle lists' URL (car/stock, car/vehicleSales, car/carReturn): the filters keep the
// names and forms of the admin pattern's query string (lib/admin/list-query.ts: `vin`,
// `entryAtFrom`/`entryAtTo`, `returned=true`), because the export endpoint
// (/api/v1/admin/<resource>/export) reads them with the same resource definition, so the list
// and its export always mean the same rows. Paging is the record-list kit's keyset cursor and
// page size (lib/list/keyset.ts). Pure and client-safe.
import { listQueryParams, parseListQuery, type FilterValue, type ListSpec } from "@/lib/admin/list-query";
import { cursorParam, sizeParam } from "@/lib/list/keyset";

export const LIST_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIST_SIZE = 20;

export type VehicleListFilters = {
  /** The resource's filters as lib/admin/list-query.ts parses them. */
  values: Record<string, FilterValue>;
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before), else "". */
  cursor: string;
  size: number;
};

export function parseVehicleListFilters(p: URLSearchParams, spec: ListSpec): VehicleListFilters {
  return { values: parseListQuery(p, spec).filters, cursor: cursorParam(p), size: sizeParam(p, { fallback: DEFAULT_LIST_SIZE, sizes: LIST_SIZES }) };
}

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
