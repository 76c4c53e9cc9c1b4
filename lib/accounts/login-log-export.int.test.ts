import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { makeUser, uid } from "@/lib/test/factories";
import { loginLogBatches, loginLogExport, streamLoginLogXlsx } from "./login-log-export";

const t = (k: string) => `T-${k}`;

describe("login log export", () => {
  it("streams the filtered rows, newest first, with translated headers", async () => {
    const prefix = uid("exp");
    await db().loginLog.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({
        account: `${prefix}-${i}`,
        result: i % 2 ? ("FAILURE" as const) : ("SUCCESS" as const),
        reason: i % 2 ? "INVALID_CREDENTIALS" : "SUCCESS",
        ip: "10.9.9.9",
        userAgent: "vitest",
      })),
    });
    const filters = { account: prefix, result: "FAILURE" as const, from: "", to: "" };
    // Keyset batches: 3 failures in batches of 2 → 2 + 1, newest first.
    const batches: string[][] = [];
    for await (const rows of loginLogBatches(filters, 2)) batches.push(rows.map((r) => r.account));
    expect(batches).toEqual([[`${prefix}-5`, `${prefix}-3`], [`${prefix}-1`]]);

    const stream = streamLoginLogXlsx(filters, t);
    const buf = Buffer.concat(await Readable.fromWeb(stream as never).toArray());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as never);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe("T-sheet");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["T-time", "T-account", "T-result", "T-reason", "T-company", "T-ip", "T-userAgent"]);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(2).value).toBe(`${prefix}-5`);
    expect(sheet.getRow(2).getCell(3).value).toBe("T-results.FAILURE");
    expect(sheet.getRow(2).getCell(4).value).toBe("T-reasons.INVALID_CREDENTIALS");
  });

  it("takes one of the user's export slots for the download and frees it at the end", async () => {
    const prefix = uid("lease");
    await db().loginLog.create({ data: { account: `${prefix}-1`, result: "SUCCESS", reason: "SUCCESS", ip: "10.9.9.8", userAgent: "vitest" } });
    const user = (await makeUser()).id;
    const stream = await loginLogExport({ account: prefix, result: "", from: "", to: "" }, t, user, null);
    expect(await db().exportLease.count({ where: { userId: user } })).toBe(1);
    const buf = Buffer.concat(await Readable.fromWeb(stream as never).toArray());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as never);
    expect(wb.worksheets[0].rowCount).toBe(2);
    expect(await db().exportLease.count({ where: { userId: user } })).toBe(0);
  });
});
