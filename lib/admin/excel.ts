import "server-only";
import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { errorFields, log } from "@/lib/log";
import type { ExportLease } from "./export-lease";

// Excel in and out for every list screen (exceljs: streaming writer for exports, so 100,000
// rows never sit in memory; the workbook reader for imports, which are capped in size).

export type SheetColumn = { key: string; header: string; width?: number; numFmt?: string };
export type Cell = string | number | boolean | Date | null | undefined;

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const sheetName = (s: string) => s.replace(/[*?:\\/[\]]/g, " ").slice(0, 31) || "Sheet1";

/** Excel has no time zones: the Shanghai wall-clock time the app shows. */
export const excelTime = (d: Date | null | undefined): Date | null => (d ? new Date(d.getTime() + 8 * 3600_000) : null);

/** What a streamed export did, for tests and logs: database batches taken and bytes handed out. */
export type ExportProgress = { batches: number; rows: number; bytes: number };

/**
 * Streams an .xlsx of the batches (each an array of rows already turned into cells), paced by
 * the client: a pull-based web stream whose pull() takes the next batch only when the reader
 * has consumed what was handed out before (highWaterMark one chunk). exceljs writes the rows
 * into a sink that only collects the zipped bytes; nothing is read ahead, so the memory held is
 * about one batch and its compressed output whatever the size of the export or the speed of
 * the download. The lease (lib/admin/export-lease.ts) is renewed per batch and released when
 * the stream ends, fails or is cancelled; `maxRows` stops a file at that many rows.
 */
export function streamXlsx(opts: {
  sheet: string;
  columns: SheetColumn[];
  batches: AsyncIterable<Record<string, Cell>[]>;
  requestId?: string | null;
  lease?: ExportLease | null;
  maxRows?: number;
  progress?: ExportProgress;
}): ReadableStream<Uint8Array> {
  const progress = opts.progress ?? { batches: 0, rows: 0, bytes: 0 };
  let chunks: Buffer[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let failed: Error | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      notify();
      cb();
    },
    final(cb) {
      finished = true;
      notify();
      cb();
    },
  });
  sink.on("error", (err) => {
    failed = err;
    notify();
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(opts.sheet));
  sheet.columns = opts.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18, style: c.numFmt ? { numFmt: c.numFmt } : undefined }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const it = opts.batches[Symbol.asyncIterator]();
  let producing = true;
  let cancelled = false;
  let committing: Promise<unknown> | null = null;
  const done = () => void opts.lease?.release();
  // Waits for the zip layer (zlib is asynchronous) to hand over bytes, at most `ms`.
  const settle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const fail = (err: unknown) => {
    log.error("excel export failed", { requestId: opts.requestId ?? null, ...errorFields(err) });
    done();
    return err instanceof Error ? err : new Error(String(err));
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            if (cancelled) return;
            if (failed) throw failed;
            if (chunks.length) {
              const out = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
              chunks = [];
              progress.bytes += out.byteLength;
              controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
              return;
            }
            if (finished) {
              await committing;
              // Freed before the reader sees the end, so its next export finds the slot free.
              await opts.lease?.release();
              controller.close();
              return;
            }
            if (producing) {
              const next = opts.maxRows !== undefined && progress.rows >= opts.maxRows ? { done: true as const, value: undefined } : await it.next();
              if (next.done) {
                producing = false;
                if (opts.maxRows !== undefined && progress.rows >= opts.maxRows) await it.return?.();
                sheet.commit();
                committing = workbook.commit();
                committing.catch(() => undefined);
                continue;
              }
              progress.batches++;
              const rows = opts.maxRows !== undefined ? next.value.slice(0, opts.maxRows - progress.rows) : next.value;
              for (const r of rows) sheet.addRow(r).commit();
              progress.rows += rows.length;
              await opts.lease?.renew();
              // Let the zipped bytes of this batch arrive before reading another one.
              if (!chunks.length) await settle(50);
              continue;
            }
            await settle(1000);
          }
        } catch (err) {
          // A pull still running when the client cancelled ends quietly.
          if (cancelled) return;
          throw fail(err);
        }
      },
      async cancel() {
        // The client went away: stop reading, free the slot, drop the half-written zip.
        producing = false;
        cancelled = true;
        done();
        try {
          await it.return?.();
        } catch {
          // already failed; nothing more to stop
        }
        sink.destroy();
      },
    },
    { highWaterMark: 1 },
  );
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
