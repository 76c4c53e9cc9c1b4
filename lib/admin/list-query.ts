// The query string of an admin list screen: search fields, sort and page. Shared by the page
// (server), the /__serverLoader answer, the export endpoint and the browser (which writes it),
// so one URL means the same rows everywhere. Pure and client-safe.
import { dayStart } from "@/lib/core/list-params";
import { cursorParam, sizeParam } from "@/lib/list/keyset";
import { hasControlChars } from "@/lib/validation/text";

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type FilterDef =
  | { name: string; type: "text"; max?: number }
  | { name: string; type: "select"; options: readonly string[] }
  | { name: string; type: "boolean" }
  | { name: string; type: "number" }
  | { name: string; type: "dateRange" };

export type SortOrder = "asc" | "desc";
export type Sort = { field: string; order: SortOrder };

export type ListSpec = { filters: readonly FilterDef[]; sorts: readonly string[]; defaultSort: Sort };

/** Parsed values: text/select as trimmed strings, boolean as true/false, dateRange as days. */
export type FilterValue = string | number | boolean | { from: string | null; to: string | null };
export type ListQuery = { page: number; pageSize: number; sort: Sort; filters: Record<string, FilterValue> };

const MAX_PAGE = 100_000;

/** Unknown filters, bad values and sorts outside the spec are dropped, never trusted. */
export function parseListQuery(p: URLSearchParams, spec: ListSpec): ListQuery {
  const page = Math.min(Math.max(1, Math.floor(Number(p.get("page")) || 1)), MAX_PAGE);
  const size = Number(p.get("pageSize"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : 20;
  const field = p.get("sort");
  const order = p.get("order");
  const sort: Sort = field && spec.sorts.includes(field) ? { field, order: order === "desc" ? "desc" : "asc" } : spec.defaultSort;
  const filters: Record<string, FilterValue> = {};
  for (const f of spec.filters) {
    const raw = (p.get(f.name) ?? "").trim();
    switch (f.type) {
      case "text":
        if (raw && !hasControlChars(raw)) filters[f.name] = raw.slice(0, f.max ?? 100);
        break;
      case "select":
        if (f.options.includes(raw)) filters[f.name] = raw;
        break;
      case "boolean":
        if (raw === "true" || raw === "false") filters[f.name] = raw === "true";
        break;
      case "number":
        if (/^-?\d{1,15}$/.test(raw)) filters[f.name] = Number(raw);
        break;
      case "dateRange": {
        const from = p.get(`${f.name}From`);
        const to = p.get(`${f.name}To`);
        const range = { from: dayStart(from) ? from : null, to: dayStart(to) ? to : null };
        if (range.from || range.to) filters[f.name] = range;
        break;
      }
    }
  }
  return { page, pageSize, sort, filters };
}

/**
 * A keyset resource's query string (lib/admin/resource.ts `keyset`): the same filters, the
 * record-list kit's cursor (`cursor=a…`/`b…`) and page size (`size=`). No page number and no
 * sort: the list keeps its default order, the one its indexes serve.
 */
export type KeysetQuery = {
  values: Record<string, FilterValue>;
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before), else "". */
  cursor: string;
  size: number;
};

export const KEYSET_SIZE = 20;

export function parseKeysetQuery(p: URLSearchParams, spec: ListSpec): KeysetQuery {
  return { values: parseListQuery(p, spec).filters, cursor: cursorParam(p), size: sizeParam(p, { fallback: KEYSET_SIZE, sizes: PAGE_SIZES }) };
}

/** A keyset list's URL: its filters, a page size other than the default, then the cursor. */
export function keysetQueryParams(q: { filters: Record<string, FilterValue>; size: number; cursor?: string | null }): URLSearchParams {
  const out = listQueryParams({ filters: q.filters });
  if (q.size !== KEYSET_SIZE) out.set("size", String(q.size));
  if (q.cursor) out.set("cursor", q.cursor);
  return out;
}

/** The inverse: a list query (or just its filters) as query-string entries. */
export function listQueryParams(q: Partial<ListQuery>, spec?: ListSpec): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, v] of Object.entries(q.filters ?? {})) {
    if (v === null || v === undefined || v === "") continue;
    if (typeof v === "object") {
      if (v.from) out.set(`${name}From`, v.from);
      if (v.to) out.set(`${name}To`, v.to);
    } else out.set(name, String(v));
  }
  if (q.sort && !(spec && q.sort.field === spec.defaultSort.field && q.sort.order === spec.defaultSort.order)) {
    out.set("sort", q.sort.field);
    out.set("order", q.sort.order);
  }
  if (q.page && q.page > 1) out.set("page", String(q.page));
  if (q.pageSize && q.pageSize !== 20) out.set("pageSize", String(q.pageSize));
  return out;
}
