import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, makeVehicleModel, nowSeconds, uid } from "@/lib/test/factories";
import { vehicleStockResource } from "@/lib/vehicles/stock/resource";
import type { ExportProgress } from "./excel";
import { acquireExportLease, MAX_EXPORT_ROWS, MAX_EXPORTS_PER_USER } from "./export-lease";
import { exportResource } from "./resource";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));

// Issue 24's bar for exports: 200,000 vehicles through the real export path (car/stock's
// resource, exportResource, streamXlsx) read by a slow client. The server's memory grows by less
// than 100 MiB and the database reads stay paced by the client (a paused reader stops them).
// Then the caps: at most MAX_EXPORTS_PER_USER at once per user (concurrent requests, exactly N
// pass), a lapsed lease frees its slot, and a 200,001-row export is refused.

// The gc() of --expose-gc without changing the runner's flags: set the flag, then take the
// function from a fresh context (V8 installs it on contexts created after the flag is set).
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const MiB = 1024 * 1024;
const N = 200_000;

let viewer: Viewer;
let company: number;
let goodsId: number;
let stem: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  setTestLocale("en-US");
  const dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  company = (await makeCompany()).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  viewer = (await loadViewer(user, company, nowSeconds()))!;
  const modelId = (await makeVehicleModel()).id;
  const code = uid("GX").toUpperCase();
  goodsId = (
    await db().goods.create({
      data: {
        kind: "VEHICLE",
        code,
        nameEn: `Export car ${code}`,
        nameZh: `导出车${code}`,
        config: `CFG-${code}`,
        price: "150000.00",
        stock: 0,
        minOrderQty: 1,
        onSale: true,
        vehicleModelId: modelId,
      },
    })
  ).id;
  // One statement: N vehicles in the dealer's stock, unique VINs from a per-run stem.
  stem = uid("")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(-5)
    .padStart(5, "X");
  await db().$executeRaw`
    INSERT INTO "Vehicle" ("vin", "goodsId", "vehicleModelId", "colour", "status", "companyId", "entryAt", "updatedAt")
    SELECT ${stem} || lpad(i::text, 12, '0'), ${goodsId}, ${modelId}, 'White', 'IN_STOCK', ${company}, now() - i * interval '1 second', now()
    FROM generate_series(1, ${N}::int) AS i`;
  // As autovacuum would after such a load: without statistics the planner takes the company's
  // 200,000 vehicles for a few and reads each id-ordered batch through Vehicle(companyId, entryAt,
  // id) plus a sort.
  await db().$executeRaw`ANALYZE "Vehicle"`;
}, 120_000);

afterAll(async () => {
  await db().vehicle.deleteMany({ where: { companyId: company } });
  await db().exportLease.deleteMany({ where: { userId: viewer.userId } });
}, 120_000);

async function exportStream(progress?: ExportProgress): Promise<ReadableStream<Uint8Array>> {
  const a = await exportResource(vehicleStockResource, viewer, new URLSearchParams(), null, { progress });
  if (!("stream" in a) || Buffer.isBuffer(a.stream)) throw new Error(`status ${a.status}`);
  return a.stream;
}

describe("exports in constant memory", () => {
  it(`streams ${N} vehicles to a slow client with < 100 MiB of growth, reading the database only as the client reads`, async () => {
    // Warm up on a one-row export (loads exceljs's writers, archiver and zlib, the queries' code)
    // so the baseline is the server ready to export, and the growth is the export's own.
    const warm = await exportResource(vehicleStockResource, viewer, new URLSearchParams({ vin: `${stem}000000000001` }), null);
    if ("stream" in warm && !Buffer.isBuffer(warm.stream)) await new Response(warm.stream).arrayBuffer();
    gc();
    const base = process.memoryUsage();
    // What the export holds: heap and RSS after a gc() at each pause of the client (the garbage
    // of the batches already written is not the export's memory; V8 collects it under pressure).
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    // For the record, the peak without collecting (garbage included).
    let rawPeak = base.rss;
    const progress: ExportProgress = { batches: 0, rows: 0, bytes: 0 };
    const reader = (await exportStream(progress)).getReader();
    let received = 0;
    let chunks = 0;
    let lastBytes: Uint8Array | null = null;
    let maxLead = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      chunks++;
      lastBytes = value;
      rawPeak = Math.max(rawPeak, process.memoryUsage().rss);
      // The slow client: a short wait after every chunk, and now and then a long pause during
      // which the server must not read on (at most the batch of the chunk it holds ready).
      if (chunks % 20 === 0) {
        const before = progress.rows;
        await sleep(300);
        maxLead = Math.max(maxLead, progress.rows - before);
        gc();
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      } else await sleep(1);
    }
    gc();
    const after = process.memoryUsage();
    const growth = {
      rss: (peakRss - base.rss) / MiB,
      heap: (peakHeap - base.heapUsed) / MiB,
      heapAfter: (after.heapUsed - base.heapUsed) / MiB,
      rawRssPeak: (rawPeak - base.rss) / MiB,
    };
    console.info(
      `export of ${N} vehicles: ${(received / MiB).toFixed(1)} MiB in ${chunks} chunks, ${progress.batches} batches; growth MiB ${JSON.stringify(growth)}; max rows read during a pause ${maxLead}`,
    );
    expect(progress.rows).toBe(N);
    expect(progress.bytes).toBe(received);
    // A whole zip: the end-of-central-directory record closes the file.
    expect(Buffer.from(lastBytes!).includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    expect(growth.rss).toBeLessThan(100);
    expect(growth.heap).toBeLessThan(100);
    // While the client pauses, the server reads at most one more batch (1,000 rows).
    expect(maxLead).toBeLessThanOrEqual(1000);
    // The lease was released when the stream ended.
    expect(await db().exportLease.count({ where: { userId: viewer.userId } })).toBe(0);
  });

  it(`lets exactly ${MAX_EXPORTS_PER_USER} exports of a user run at once, frees a slot on cancel, and refuses more than ${MAX_EXPORT_ROWS} rows`, async () => {
    const tries = await Promise.allSettled(Array.from({ length: 5 }, () => exportStream()));
    const ok = tries.filter((t): t is PromiseFulfilledResult<ReadableStream<Uint8Array>> => t.status === "fulfilled");
    expect(ok).toHaveLength(MAX_EXPORTS_PER_USER);
    for (const t of tries) if (t.status === "rejected") expect(t.reason).toMatchObject({ key: "Admin.exportBusy", status: 429 });
    expect(await db().exportLease.count({ where: { userId: viewer.userId } })).toBe(MAX_EXPORTS_PER_USER);
    // A client that reads a little and goes away frees its slot.
    for (const s of ok) {
      const r = s.value.getReader();
      await r.read();
      await r.cancel();
    }
    await vi.waitFor(async () => expect(await db().exportLease.count({ where: { userId: viewer.userId } })).toBe(0));

    // A crashed instance's leases lapse: expired rows do not count.
    await db().exportLease.createMany({
      data: Array.from({ length: MAX_EXPORTS_PER_USER }, (_, i) => ({ id: `${uid("dead")}-${i}`, userId: viewer.userId, what: "crashed", expiresAt: new Date(Date.now() - 1000) })),
    });
    const lease = await acquireExportLease(viewer.userId, "test");
    await lease.release();
    expect(await db().exportLease.count({ where: { userId: viewer.userId } })).toBe(0);

    // One vehicle more than the cap: refused before any slot is taken, with what to do instead.
    await db().$executeRaw`
      INSERT INTO "Vehicle" ("vin", "goodsId", "vehicleModelId", "status", "companyId", "updatedAt")
      VALUES (${
        "ZZ" +
        uid("")
          .replace(/[^A-Za-z0-9]/g, "")
          .toUpperCase()
          .slice(-15)
          .padStart(15, "Z")
      }, ${goodsId}, (SELECT "vehicleModelId" FROM "Goods" WHERE id = ${goodsId}), 'IN_STOCK', ${company}, now())`;
    const refused = await exportResource(vehicleStockResource, viewer, new URLSearchParams(), null).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ key: "Admin.exportTooLarge", status: 422, values: { count: N + 1, max: MAX_EXPORT_ROWS } });
    expect(await db().exportLease.count({ where: { userId: viewer.userId } })).toBe(0);
  });
});
