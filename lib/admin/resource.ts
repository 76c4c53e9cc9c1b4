import "server-only";
import type { Tx } from "@/lib/core/tx";
import { loose } from "@/lib/i18n/loose";
import { getLooseTranslations } from "@/lib/i18n/loose-server";
import type { Permission } from "@/lib/access/permissions";
import { getLocale, getTranslations } from "next-intl/server";
import type { z } from "zod";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { RouteId } from "@/lib/routes";
import { locales } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { controlCharField } from "@/lib/validation/text";
import { translateIssues } from "@/lib/validation/translate";
import { type Cell, type ExportProgress, readSheet, SheetError, streamXlsx, xlsxBuffer, type SheetColumn } from "./excel";
import { acquireExportLease, assertExportRows, MAX_EXPORT_ROWS } from "./export-lease";
import type { KeysetPage, Total } from "@/lib/list/keyset";
import { parseKeysetQuery, parseListQuery, type FilterValue, type KeysetQuery, type ListQuery, type ListSpec, type Sort } from "./list-query";

// The server half of the admin-screen pattern. A screen declares one AdminResource (how its
// rows are found, sorted, paged, exported and imported); loadList, exportResource and
// importResource do the rest the same way for every screen, with the access checks in one place.

type Key = string | number;
type Filters = Record<string, FilterValue>;

export type ExportColumn<Row> = { key: string; width?: number; numFmt?: string; value: (row: Row, ctx: { zh: boolean; t: (key: string) => string }) => Cell };

/** A column of the import sheet; an empty cell takes `fallback` (e.g. order 0, enabled true). */
export type ImportColumn = { key: string; required?: boolean; kind?: "text" | "number" | "boolean"; fallback?: string | number | boolean | null };

export type ImportDef<I> = {
  /** The row schema: usually the save schema without the id. */
  schema: z.ZodType<I>;
  columns: ImportColumn[];
  /** Checks against the database (duplicates in the file, references); row-numbered errors. */
  check?: (rows: { row: number; value: I }[], viewer: Viewer) => Promise<ImportIssue[]>;
  /** Saves every row in the one transaction (upsert by the natural key); counts what changed. */
  save: (tx: Tx, rows: I[], viewer: Viewer, requestId: string | null) => Promise<{ created: number; updated: number }>;
};

export type ImportError = { row: number; field: string; message: string };
/** A database check's finding: a message key (full path) and its values. */
export type ImportIssue = { row: number; field: string; key: string; values?: Record<string, string | number> };

/** One keyset page of a table that grows without bound, read with the record-list kit
 * (lib/list/prisma.ts readKeysetPage): newest first on the spec's default sort field and id,
 * cursors `a…`/`b…`, the count capped in the list's own order. */
export type KeysetRead<Row, W> = (where: W, q: Pick<KeysetQuery, "cursor" | "size">) => Promise<KeysetPage<Row> & { total: Total }>;

/**
 * How a list pages: numbered pages with an exact count (`page`, for tables that stay small), or
 * keyset pages with a capped count (`keyset`, for tables that grow without bound; the list keeps
 * its default order only, the one its indexes serve).
 */
type Paging<Row, W> =
  | {
      /** One page in the given order (the resource appends a unique tiebreaker). */
      page: (args: { where: W; sort: Sort; skip: number; take: number }) => Promise<Row[]>;
      keyset?: never;
    }
  | { keyset: KeysetRead<Row, W>; page?: never };

export type AdminResource<Row, W = unknown, I = unknown> = Paging<Row, W> & {
  /** The segment of /api/v1/admin/<name>/export|import. */
  name: string;
  route: RouteId;
  /** Messages namespace: `title`, `fields.<key>` (also the export and import headers). */
  labels: string;
  spec: ListSpec;
  permissions: Partial<Record<"create" | "update" | "delete" | "export" | "import", Permission>>;
  where: (viewer: Viewer, filters: Filters) => W | Promise<W>;
  /** The exact count (numbered pages; the export's row cap). */
  count: (where: W) => Promise<number>;
  /** Export batches: rows with a key above `after`, ascending by that key (keyset). */
  batch?: (where: W, after: Key | null, take: number) => Promise<Row[]>;
  key: (row: Row) => Key;
  exportColumns?: ExportColumn<Row>[];
  import?: ImportDef<I>;
};

export type ListResult<Row> = {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  sort: Sort;
  filters: Filters;
  can: Record<"create" | "update" | "delete" | "export" | "import", boolean>;
  /** A keyset resource's page: `total` is then the count up to the cap, `page` always 1. */
  keyset?: { cursor: string; next: string | null; prev: string | null; capped: boolean };
};

export function defineResource<Row, W, I = unknown>(r: AdminResource<Row, W, I>): AdminResource<Row, W, I> {
  return r;
}

/** A resource with its row types forgotten, for the registry and the generic routes. */
export type ErasedResource = AdminResource<unknown, unknown, unknown>;
export const erase = <Row, W, I>(r: AdminResource<Row, W, I>): ErasedResource => r as unknown as ErasedResource;

export function permissionsOf(viewer: Viewer, r: Pick<ErasedResource, "permissions" | "exportColumns" | "import">): ListResult<unknown>["can"] {
  const p = r.permissions;
  const has = (code?: Permission) => !!code && hasPermission(viewer, code);
  return { create: has(p.create), update: has(p.update), delete: has(p.delete), export: has(p.export) && !!r.exportColumns, import: has(p.import) && !!r.import };
}

/** The screen is in the viewer's menu (the lists built on a resource check it like its export does). */
export async function assertScreen(viewer: Viewer, route: RouteId) {
  if (!(await canOpenRoute(viewer, route))) throw new ForbiddenError(route);
}

/**
 * One keyset page of a keyset resource for the viewer (the screens on the record-list kit call
 * it with their parsed URL; loadList does too). The cursor only ever narrows the resource's
 * `where`, which carries the viewer's company or data scope, so a forged cursor moves within
 * the viewer's rows and never outside them.
 */
export async function readKeysetList<Row, W, I>(r: AdminResource<Row, W, I>, viewer: Viewer, q: KeysetQuery): Promise<KeysetPage<Row> & { total: Total }> {
  if (!r.keyset) throw new Error(`${r.name} pages by number`);
  return r.keyset(await r.where(viewer, q.values), q);
}

/** One page of the list as the URL asks for it, and what the viewer may do. Two queries. */
export async function loadList<Row, W, I>(r: AdminResource<Row, W, I>, viewer: Viewer, url: URL | URLSearchParams): Promise<ListResult<Row>> {
  await assertScreen(viewer, r.route);
  const params = url instanceof URL ? url.searchParams : url;
  const can = permissionsOf(viewer, erase(r));
  if (r.keyset) {
    const q = parseKeysetQuery(params, r.spec);
    const { rows, next, prev, total } = await readKeysetList(r, viewer, q);
    const keyset = { cursor: q.cursor, next, prev, capped: total.capped };
    return { rows, total: total.count, page: 1, pageSize: q.size, sort: r.spec.defaultSort, filters: q.values, can, keyset };
  }
  const q: ListQuery = parseListQuery(params, r.spec);
  const where = await r.where(viewer, q.filters);
  const [rows, total] = await Promise.all([r.page({ where, sort: q.sort, skip: (q.page - 1) * q.pageSize, take: q.pageSize }), r.count(where)]);
  return { rows, total, page: q.page, pageSize: q.pageSize, sort: q.sort, filters: q.filters, can };
}

const BATCH = 1000;

async function* batches<Row, W, I>(r: AdminResource<Row, W, I>, where: W, size = BATCH): AsyncGenerator<Row[]> {
  if (!r.batch) return;
  let after: Key | null = null;
  for (;;) {
    const rows = await r.batch(where, after, size);
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    after = r.key(rows[rows.length - 1]);
  }
}

type Answer = { status: number; body: unknown } | { status: 200; stream: ReadableStream<Uint8Array> | Buffer; filename: string };

async function labelsFor(r: { labels: string }) {
  const [t, zh] = await Promise.all([getLooseTranslations(r.labels), getLocale().then((l) => l === "zh-CN")]);
  const label = (key: string) => (t.has(`fields.${key}`) ? t(`fields.${key}`) : key);
  return { t, zh, label, title: t.has("title") ? t("title") : r.labels };
}

/** The filtered rows as a streamed .xlsx (permission `export`), headers in the viewer's language. */
export async function exportResource<Row, W, I>(
  r: AdminResource<Row, W, I>,
  viewer: Viewer,
  params: URLSearchParams,
  requestId: string | null,
  opts: { progress?: ExportProgress } = {},
): Promise<Answer> {
  if (!r.exportColumns || !r.batch) return { status: 404, body: { code: "NOT_FOUND" } };
  if (!r.permissions.export || !hasPermission(viewer, r.permissions.export)) return { status: 403, body: { code: "FORBIDDEN" } };
  await assertScreen(viewer, r.route);
  const { filters } = parseListQuery(params, r.spec);
  const where = await r.where(viewer, filters);
  const { zh, label, title } = await labelsFor(r);
  const cols = r.exportColumns;
  const columns: SheetColumn[] = cols.map((c) => ({ key: c.key, header: label(c.key), width: c.width, numFmt: c.numFmt }));
  const root = await getTranslations();
  const ctx = { zh, t: (k: string) => (root.has(k as never) ? (root as unknown as (k: string) => string)(k) : k) };
  async function* cells() {
    for await (const rows of batches(r, where)) yield rows.map((row) => Object.fromEntries(cols.map((c) => [c.key, c.value(row, ctx)])));
  }
  // The caps (lib/admin/export-lease.ts): too many rows → narrow the filter; the user's slots
  // are reserved last, so a refusal above holds none. The stream releases the lease.
  assertExportRows(await r.count(where));
  const lease = await acquireExportLease(viewer.userId, r.name);
  const stream = streamXlsx({ sheet: title, columns, batches: cells(), requestId, lease, maxRows: MAX_EXPORT_ROWS, progress: opts.progress });
  return { status: 200, stream, filename: `${r.name}-${new Date().toISOString().slice(0, 10)}.xlsx` };
}

/** An empty workbook with the import columns, for people to fill in. */
export async function importTemplate<Row, W, I>(r: AdminResource<Row, W, I>, viewer: Viewer): Promise<Answer> {
  if (!r.import) return { status: 404, body: { code: "NOT_FOUND" } };
  if (!r.permissions.import || !hasPermission(viewer, r.permissions.import)) return { status: 403, body: { code: "FORBIDDEN" } };
  const { label, title } = await labelsFor(r);
  const columns = r.import.columns.map((c) => ({ key: c.key, header: label(c.key), width: 20 }));
  return { status: 200, stream: await xlsxBuffer(title, columns), filename: `${r.name}-template.xlsx` };
}

function fieldLabel(messages: unknown, ns: string, key: string): string | null {
  let node: unknown = messages;
  for (const part of [...ns.split("."), "fields", key]) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : null;
}

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const MAX_IMPORT_ROWS = 5000;
const YES = new Set(["true", "yes", "y", "1", "是", "启用", "enabled"]);
const NO = new Set(["false", "no", "n", "0", "否", "停用", "disabled"]);

function coerce(v: Cell, kind: ImportColumn["kind"], fallback: ImportColumn["fallback"]): unknown {
  if (v === null || v === undefined || v === "") return fallback !== undefined ? fallback : kind === "text" || !kind ? "" : undefined;
  if (kind === "number") return typeof v === "number" ? v : /^\s*-?\d+(\.\d+)?\s*$/.test(String(v)) ? Number(v) : String(v);
  if (kind === "boolean") {
    if (typeof v === "boolean") return v;
    const s = String(v).trim().toLowerCase();
    return YES.has(s) ? true : NO.has(s) ? false : s;
  }
  return v instanceof Date ? v.toISOString() : String(v);
}

/**
 * An uploaded .xlsx: every row is checked with the screen's schema (and the resource's own
 * database checks); any error answers 422 with the row-numbered list and saves nothing;
 * otherwise all rows are saved in one transaction.
 */
export async function importResource<Row, W, I>(r: AdminResource<Row, W, I>, viewer: Viewer, file: File | null, requestId: string | null): Promise<Answer> {
  const imp = r.import;
  if (!imp) return { status: 404, body: { code: "NOT_FOUND" } };
  if (!r.permissions.import || !hasPermission(viewer, r.permissions.import)) return { status: 403, body: { code: "FORBIDDEN" } };
  await assertScreen(viewer, r.route);
  const ta = await getTranslations("AdminImport");
  if (!file || file.size === 0) return { status: 400, body: { code: "BAD_REQUEST", message: ta("noFile") } };
  if (file.size > MAX_IMPORT_BYTES) return { status: 413, body: { code: "TOO_LARGE", message: ta("tooLarge", { max: 5 }) } };
  const { label } = await labelsFor(r);
  const tv = await getTranslations("Validation");
  // Headers are recognised in either language, whatever the importer's own.
  const headers = (key: string) => locales.map((l) => fieldLabel(messagesFor(l), r.labels, key)).filter((h): h is string => !!h);
  let sheetRows: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheetRows = await readSheet(
      await file.arrayBuffer(),
      imp.columns.map((c) => ({ key: c.key, headers: headers(c.key), required: c.required })),
      MAX_IMPORT_ROWS,
    );
  } catch (err) {
    if (err instanceof SheetError) return { status: 422, body: { code: "INVALID_FILE", message: ta(err.key, err.values) } };
    throw err;
  }
  const errors: ImportError[] = [];
  const valid: { row: number; value: I }[] = [];
  for (const { row, values } of sheetRows) {
    const input = Object.fromEntries(imp.columns.map((c) => [c.key, coerce(values[c.key], c.kind, c.fallback)]));
    const bad = controlCharField(input);
    if (bad) {
      errors.push({ row, field: label(bad), message: tv("controlChars", { label: label(bad) }) });
      continue;
    }
    const parsed = imp.schema.safeParse(input);
    if (parsed.success) valid.push({ row, value: parsed.data });
    else for (const [field, message] of Object.entries(translateIssues(parsed.error, (k, v) => loose(tv)(k, v), label, input))) errors.push({ row, field: label(field), message });
  }
  if (!errors.length && imp.check) {
    const te = (await getTranslations()) as unknown as (k: string, v?: Record<string, string | number>) => string;
    errors.push(...(await imp.check(valid, viewer)).map((e) => ({ row: e.row, field: label(e.field), message: te(e.key, { ...e.values, field: label(e.field) }) })));
  }
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    return { status: 422, body: { code: "INVALID_ROWS", message: ta("rowsInvalid", { count: new Set(errors.map((e) => e.row)).size }), errors: errors.slice(0, 500) } };
  }
  try {
    const result = await db().$transaction(
      (tx) =>
        imp.save(
          tx,
          valid.map((v) => v.value),
          viewer,
          requestId,
        ),
      { timeout: 60_000 },
    );
    return { status: 200, body: { ...result, message: ta("done", result) } };
  } catch (err) {
    if (err instanceof DomainError) {
      const te = await getTranslations();
      return { status: 422, body: { code: "INVALID_ROWS", message: (te as unknown as (k: string, v: Record<string, string | number>) => string)(err.key, err.values) } };
    }
    throw err;
  }
}

/** The same natural key twice in one import file (case-insensitive). */
export function duplicateKeys(rows: { row: number; key: string }[], field: string): ImportIssue[] {
  const seen = new Map<string, number>();
  const issues: ImportIssue[] = [];
  for (const r of rows) {
    const k = r.key.toLowerCase();
    const first = seen.get(k);
    if (first !== undefined) issues.push({ row: r.row, field, key: "AdminImport.duplicate", values: { first } });
    else seen.set(k, r.row);
  }
  return issues;
}
