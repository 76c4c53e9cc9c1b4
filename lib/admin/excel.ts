import "server-only";
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { errorFields, log } from "@/lib/log";

// Excel in and out for every list screen (exceljs: streaming writer for exports, so 100,000
// rows never sit in memory; the workbook reader for imports, which are capped in size).

export type SheetColumn = { key: string; header: string; width?: number; numFmt?: string };
export type Cell = string | number | boolean | Date | null | undefined;

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const sheetName = (s: string) => s.replace(/[*?:\\/[\]]/g, " ").slice(0, 31) || "Sheet1";

/** Excel has no time zones: the Shanghai wall-clock time the app shows. */
export const excelTime = (d: Date | null | undefined): Date | null => (d ? new Date(d.getTime() + 8 * 3600_000) : null);

/**
 * Streams an .xlsx of the batches (each an array of rows already turned into cells). The
 * writer commits each row as it goes and waits for the reader (backpressure), so a slow
 * download pauses the database reads instead of buffering the file.
 */
export function streamXlsx(opts: { sheet: string; columns: SheetColumn[]; batches: AsyncIterable<Record<string, Cell>[]>; requestId?: string | null }): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(opts.sheet));
  sheet.columns = opts.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18, style: c.numFmt ? { numFmt: c.numFmt } : undefined }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const rows of opts.batches) {
      for (const r of rows) sheet.addRow(r).commit();
      if (out.writableNeedDrain) await once(out, "drain");
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    log.error("excel export failed", { requestId: opts.requestId ?? null, ...errorFields(err) });
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}

/** A small workbook in memory (import templates and error reports; a few rows at most). */
export async function xlsxBuffer(sheet: string, columns: SheetColumn[], rows: Record<string, Cell>[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(sheet));
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export class SheetError extends Error {
  constructor(
    public readonly key: "notXlsx" | "empty" | "tooManyRows" | "missingColumns",
    public readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/**
 * Reads the first sheet: the header row names the columns (by either language's label or the
 * key itself, case-insensitive); returns one object per non-empty row with its sheet row
 * number. Cells come back as text, number, boolean or Date.
 */
export async function readSheet(
  buf: ArrayBuffer,
  columns: { key: string; headers: string[]; required?: boolean }[],
  maxRows: number,
): Promise<{ row: number; values: Record<string, Cell> }[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf);
  } catch {
    throw new SheetError("notXlsx");
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.actualRowCount < 1) throw new SheetError("empty");
  const norm = (s: unknown) =>
    String(s ?? "")
      .trim()
      .toLowerCase();
  const byHeader = new Map<string, string>();
  for (const c of columns) for (const h of [c.key, ...c.headers]) byHeader.set(norm(h), c.key);
  const colKey = new Map<number, string>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(norm(cellValue(cell.value)));
    if (key) colKey.set(col, key);
  });
  const found = new Set(colKey.values());
  const missing = columns.filter((c) => c.required && !found.has(c.key));
  if (missing.length) throw new SheetError("missingColumns", { columns: missing.map((c) => c.headers[0] ?? c.key).join(", ") });
  const out: { row: number; values: Record<string, Cell> }[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const values: Record<string, Cell> = {};
    let any = false;
    for (const [col, key] of colKey) {
      const v = cellValue(row.getCell(col).value);
      if (v !== null && v !== "") any = true;
      values[key] = v;
    }
    if (!any) continue;
    if (out.length >= maxRows) throw new SheetError("tooManyRows", { max: maxRows });
    out.push({ row: r, values });
  }
  if (!out.length) throw new SheetError("empty");
  return out;
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v.trim();
  if (typeof v === "number" || typeof v === "boolean" || v instanceof Date) return v;
  if (typeof v === "object") {
    if ("richText" in v)
      return v.richText
        .map((t) => t.text)
        .join("")
        .trim();
    if ("text" in v && typeof v.text === "string") return v.text.trim();
    if ("result" in v) return cellValue(v.result as ExcelJS.CellValue);
  }
  return String(v);
}
