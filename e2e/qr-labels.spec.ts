import { unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { makeGoods } from "@/lib/test/factories";
import { decodeQr } from "@/lib/test/qr-decode";
import { expect, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { db, makeDealerCompany, PASSWORD, signIn, uid, vin } from "./mall-orders-db";

// Issue 23, printing labels: a dealer selects two of its vehicles on car/stock, "Print labels"
// opens the print page in a new tab with exactly two labels, the template is switched there,
// a code on the page decodes to the template's content, and the codes download as PNG and SVG
// (a ZIP of one file per VIN). Another company's vehicle prints nothing. Both languages.

const T = {
  "en-US": { heading: "Vehicle labels", count: "2 labels on A4 sheets. Print them, or download the codes.", button: "Print labels (2)" },
  "zh-CN": { heading: "车辆标签", count: "共 2 张标签，按 A4 纸排版。可直接打印，或下载二维码。", button: "打印标签（2）" },
} as const;

const newVin = () => vin(`LQ4${uid()}${uid().slice(0, 5)}`.replace(/[IOQ]/g, "A"));

async function stockOf(companyId: number, goodsId: number, n: number): Promise<{ id: number; vin: string }[]> {
  const goods = await db().goods.findUniqueOrThrow({ where: { id: goodsId }, select: { vehicleModelId: true } });
  const out: { id: number; vin: string }[] = [];
  for (let i = 0; i < n; i++) {
    const v = newVin();
    const row = await db().vehicle.create({
      data: { vin: v, goodsId, vehicleModelId: goods.vehicleModelId!, status: "IN_STOCK", companyId, colour: "Pearl white", entryAt: new Date(Date.now() - (i + 1) * 86_400_000) },
    });
    out.push({ id: row.id, vin: v });
  }
  return out;
}

/** The files of a downloaded ZIP. */
async function zipEntries(path: string): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await readFile(path)));
}

const labels = (page: Page) => page.getByTestId("qr-label");

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`a dealer prints the labels of two vehicles selected on car/stock (${locale})`, async ({ page, context }) => {
    const t = T[locale];
    const dealer = await makeDealerCompany();
    const other = await makeDealerCompany();
    const config = `E2E QR ${uid()}`;
    const goods = await makeGoods({ kind: "VEHICLE", code: `E2E-QR-${uid()}`, config, price: "99000.00", stock: 0 });
    const [a, b] = await stockOf(dealer.companyId, goods.id, 3);
    const [foreign] = await stockOf(other.companyId, goods.id, 1);
    const pattern = `E2E-${uid()}:{vin}`;
    const template = await db().qrcodeModel.create({
      data: {
        name: `E2E labels ${uid()}`,
        purpose: "VEHICLE",
        pattern,
        size: 256,
        errorLevel: "M",
        layout: { fields: ["vin", "model"], position: "right", widthMm: 90, heightMm: 40 },
      },
    });
    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);

    const res = await page.goto(`car/stock?config=${encodeURIComponent(config)}`);
    expect(res?.status()).toBe(200);
    await waitForShell(page);
    const rows = page.locator('tr[data-testid="stock-row"]');
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId("print-labels")).toBeDisabled();
    for (const v of [a, b]) await rows.filter({ hasText: v.vin }).getByTestId("select-row").check();
    await expect(page.getByTestId("print-labels")).toHaveText(t.button);

    const [print] = await Promise.all([context.waitForEvent("page"), page.getByTestId("print-labels").click()]);
    await print.waitForLoadState();
    await expect(print).toHaveURL(new RegExp(`labels/print\\?purpose=VEHICLE&ids=${a.id},${b.id}$`));
    await expect(print.getByRole("heading", { level: 1 })).toHaveText(t.heading);
    await expect(print.getByTestId("labels-count")).toHaveText(t.count);
    await expect(labels(print)).toHaveCount(2);
    expect(await labels(print).evaluateAll((els) => els.map((e) => e.getAttribute("data-key")))).toEqual([a.vin, b.vin]);

    // The template is chosen on the page; its code on the page decodes to the filled pattern.
    await print.getByTestId("labels-template").selectOption(String(template.id));
    await print.getByTestId("labels-template-form").getByRole("button").click();
    await expect(print).toHaveURL(new RegExp(`template=${template.id}`));
    await expect(labels(print)).toHaveCount(2);
    const svg = await print.getByTestId("qr-label-code").first().innerHTML();
    expect(await decodeQr(svg)).toEqual([pattern.replace("{vin}", a.vin)]);
    await expect(labels(print).first()).toContainText(a.vin);

    // Downloads: a ZIP of one file per VIN, each a code that decodes.
    for (const format of ["png", "svg"] as const) {
      const [download] = await Promise.all([print.waitForEvent("download"), print.getByTestId(`labels-download-${format}`).click()]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      const files = await zipEntries(await download.path());
      expect(Object.keys(files).sort()).toEqual([`${a.vin}.${format}`, `${b.vin}.${format}`].sort());
      expect(await decodeQr(Buffer.from(files[`${b.vin}.${format}`]))).toEqual([pattern.replace("{vin}", b.vin)]);
    }

    // Another company's vehicle: no label, and its download is a 404.
    const foreignPage = await print.goto(`labels/print?purpose=VEHICLE&ids=${foreign.id}`);
    expect(foreignPage?.status()).toBe(200);
    await expect(labels(print)).toHaveCount(0);
    await expect(print.getByTestId("labels-message")).toBeVisible();
    expect((await context.request.get(`api/qrcode/labels?purpose=VEHICLE&ids=${foreign.id}&format=png`)).status()).toBe(404);

    await db().qrcodeModel.delete({ where: { id: template.id } });
  });
}
