// npm run test:faults — what a deployment lives through, tried on the production build:
//  1. PostgreSQL restarts in the middle of a load of order submissions (REST API, several
//     clients at once). Every answer must be either a success whose order exists whole (lines,
//     history, stock taken) or an error whose order does not exist at all; /api/health answers
//     503 while the database is away; the app recovers without a restart.
//  2. SIGTERM to `npm start` while requests are in flight (an order and a slowly sent upload):
//     both are answered, then the app and its embedded database stop, with no process left
//     and no upload row pointing at a partial file.
// It runs on an embedded PostgreSQL of its own (data/faults-postgres) and needs a production
// build (npm test builds before it; run alone, it builds when sources changed).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import sharp from "sharp";
import { appEnv } from "./lib/env";
import { isAlive, runningServer, startEmbeddedPostgres, stopPostmaster, type EmbeddedServer } from "./lib/embedded-postgres";
import { signInCookie } from "./lib/http-session";
import { applyMigrations } from "./lib/migrations";
import { ROOT } from "./lib/paths";
import { main, onCleanup, stopChild, StepError } from "./lib/proc";
import { buildApp, choosePort, ensurePrismaClient, needsBuild, runSeed, startNext, waitForApp } from "./lib/stack";
import { processesMentioning, query } from "./lib/test-helpers";

const DATA_DIR = path.join(ROOT, "data/faults-postgres");
const CLIENTS = 8;
const LOAD_MS = 14_000;
const OUTAGE_AT_MS = 4_000;
const OUTAGE_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  status: number;
  orderId?: number;
  key: string;
  phase: "before" | "during" | "after";
}

function check(ok: boolean, what: string, failures: string[]) {
  console.log(`  ${ok ? "✔" : "✖"} ${what}`);
  if (!ok) failures.push(what);
}

async function api(base: string, cookie: string, pathname: string, init: RequestInit = {}) {
  const origin = new URL(base).origin;
  return fetch(`${base}${pathname}`, {
    ...init,
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: origin, "Accept-Language": "en-US", ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(30_000),
  });
}

/** Phase 1: the database restarts under a load of submissions. */
async function databaseRestart(base: string, pg: { server: EmbeddedServer }, failures: string[]) {
  const cookie = await signInCookie(base, { account: "dealer.sh", password: "Dealer@123456" });
  const goods = ((await (await api(base, cookie, "/api/v1/goods?kind=PART&limit=50")).json()) as { items: { id: number; stock: number; minOrderQty: number }[] }).items
    .filter((g) => g.stock >= 100)
    .slice(0, CLIENTS);
  if (goods.length < CLIENTS) throw new StepError(`the demo has ${goods.length} parts with stock >= 100; ${CLIENTS} are needed`);
  const addressId = ((await (await api(base, cookie, "/api/v1/addresses")).json()) as { items: { id: number }[] }).items[0].id;
  // Enough stock that the load never runs a goods out: a fast machine places a few hundred
  // orders in the run, and an out-of-stock 409 would read as a failure blamed on the client.
  const stockRowsBefore = await query<{ id: number; stock: number }>(pg.server.url, `update "Goods" set stock = stock + 1000000 where id = any($1::int[]) returning id, stock`, [
    goods.map((g) => g.id),
  ]);
  const stockBefore = new Map(stockRowsBefore.map((g) => [g.id, g.stock]));
  const [{ max: lastOrderBefore }] = await query<{ max: number }>(pg.server.url, `select coalesce(max(id), 0)::int as max from "Order"`);

  const started = Date.now();
  let phase: Outcome["phase"] = "before";
  const outcomes: Outcome[] = [];
  const healthDuringOutage: number[] = [];
  const worker = async (g: (typeof goods)[number]) => {
    while (Date.now() - started < LOAD_MS) {
      const key = randomUUID();
      const at = phase;
      try {
        const added = await api(base, cookie, "/api/v1/cart", { method: "POST", body: JSON.stringify({ goodsId: g.id, quantity: g.minOrderQty }) });
        if (added.status >= 300) {
          outcomes.push({ status: added.status, key, phase: at });
          await sleep(100);
          continue;
        }
        const lineId = ((await added.json()) as { line: { id: number } }).line.id;
        const body = { type: "PARTS", cartLineIds: [lineId], phone: "13800000001", deliveryWay: "LOGISTICS", addressId };
        const res = await api(base, cookie, "/api/v1/orders", { method: "POST", headers: { "Idempotency-Key": key }, body: JSON.stringify(body) });
        const json = (await res.json().catch(() => ({}))) as { id?: number };
        outcomes.push({ status: res.status, key, orderId: res.status < 300 ? json.id : undefined, phase: at });
      } catch {
        outcomes.push({ status: 0, key, phase: at }); // connection error or timeout
      }
    }
  };
  const outage = (async () => {
    await sleep(OUTAGE_AT_MS);
    phase = "during";
    console.log(`  … stopping PostgreSQL (pid ${pg.server.pid}) under load`);
    await stopPostmaster(pg.server.pid);
    const until = Date.now() + OUTAGE_MS;
    while (Date.now() < until) {
      healthDuringOutage.push((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => null))?.status ?? 0);
      await sleep(500);
    }
    pg.server = await startEmbeddedPostgres({ dataDir: DATA_DIR, durable: false, port: pg.server.port });
    console.log(`  … PostgreSQL is back (pid ${pg.server.pid}, same port)`);
    phase = "after";
  })();
  await Promise.all([...goods.map(worker), outage]);

  // One more order after the load: the app recovered without a restart.
  const added = await api(base, cookie, "/api/v1/cart", { method: "POST", body: JSON.stringify({ goodsId: goods[0].id, quantity: goods[0].minOrderQty }) });
  const addedBody = (await added.json().catch(() => ({}))) as { line?: { id: number } };
  if (!addedBody.line) throw new StepError(`after the restart, adding to the cart answered ${added.status}: ${JSON.stringify(addedBody)}`);
  const last = await api(base, cookie, "/api/v1/orders", {
    method: "POST",
    headers: { "Idempotency-Key": randomUUID() },
    body: JSON.stringify({ type: "PARTS", cartLineIds: [addedBody.line.id], phone: "13800000001", deliveryWay: "LOGISTICS", addressId }),
  });
  const lastBody = (await last.json().catch(() => ({}))) as { id?: number };
  if (last.status !== 201 || lastBody.id === undefined) throw new StepError(`after the restart, the check order answered ${last.status}: ${JSON.stringify(lastBody)}`);
  const lastId = lastBody.id;
  const health = (await fetch(`${base}/api/health`)).status;

  const succeeded = outcomes.filter((o) => o.orderId !== undefined);
  const ids = [...new Set(succeeded.map((o) => o.orderId!)), lastId];
  const url = pg.server.url;
  const [{ n: ordersInDb }] = await query<{ n: number }>(url, `select count(*)::int as n from "Order" where id > $1`, [lastOrderBefore]);
  const [{ n: withoutLines }] = await query<{ n: number }>(
    url,
    `select count(*)::int as n from "Order" o where o.id > $1 and not exists (select 1 from "OrderLine" l where l."orderId" = o.id)`,
    [lastOrderBefore],
  );
  const [{ n: withoutHistory }] = await query<{ n: number }>(
    url,
    `select count(*)::int as n from "Order" o where o.id > $1 and not exists (select 1 from "StatusEvent" h where h.entity = 'Order' and h."entityId" = o.id)`,
    [lastOrderBefore],
  );
  const [{ n: unknown }] = await query<{ n: number }>(url, `select count(*)::int as n from "Order" where id > $1 and not (id = any($2::int[]))`, [lastOrderBefore, ids]);
  const stockRows = await query<{ id: number; stock: number; taken: number }>(
    url,
    `select g.id, g.stock, coalesce((select sum(l.quantity) from "OrderLine" l where l."goodsId" = g.id and l."orderId" > $1), 0)::int as taken
       from "Goods" g where g.id = any($2::int[])`,
    [lastOrderBefore, goods.map((g) => g.id)],
  );
  const stockAddsUp = stockRows.every((r) => r.stock === stockBefore.get(r.id)! - r.taken);

  const byPhase = (p: Outcome["phase"]) => outcomes.filter((o) => o.phase === p);
  console.table(
    (["before", "during", "after"] as const).map((p) => ({
      phase: p,
      tried: byPhase(p).length,
      succeeded: byPhase(p).filter((o) => o.orderId !== undefined).length,
      failed: byPhase(p).filter((o) => o.orderId === undefined).length,
      answers: [...new Set(byPhase(p).map((o) => o.status))].sort().join(" "),
    })),
  );
  console.log(`  orders in the database: ${ordersInDb} (successes ${succeeded.length} + the check order 1); health while away: ${[...new Set(healthDuringOutage)].join(", ")}`);
  check(outcomes.length > 0 && byPhase("before").some((o) => o.orderId !== undefined), "orders were placed before the outage", failures);
  check(byPhase("during").length > 0 && byPhase("during").some((o) => o.orderId === undefined), "submissions during the outage failed", failures);
  check(
    byPhase("during").every((o) => o.status === 0 || o.status >= 500 || o.status < 300),
    "every failure during the outage is a 5xx or a closed connection, not a 4xx blaming the client",
    failures,
  );
  check(ordersInDb === succeeded.length + 1, "successes = orders in the database: no failed submission left an order", failures);
  check(unknown === 0, "every order in the database was answered as a success", failures);
  check(withoutLines === 0 && withoutHistory === 0, "no partial order: each has its lines and its history", failures);
  check(stockAddsUp, "stock taken = quantities of the orders that exist", failures);
  check(healthDuringOutage.length > 0 && healthDuringOutage.every((s) => s === 503), "/api/health answered 503 while the database was away", failures);
  check(last.status === 201 && health === 200, "after the restart the app serves orders and health without being restarted", failures);
  check(
    byPhase("after").some((o) => o.orderId !== undefined),
    "orders succeed again under load after the restart",
    failures,
  );
}

/** A multipart upload of a small PNG whose body is sent in two halves, `pauseMs` apart. */
async function slowUpload(base: string, cookie: string, pauseMs: number): Promise<Response> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#237804" } })
    .png()
    .toBuffer();
  const boundary = `----faults${randomUUID().replace(/-/g, "")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nIMAGE\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(png.length / 2);
  const body = new ReadableStream<Uint8Array>({
    async start(ctl) {
      ctl.enqueue(new Uint8Array(Buffer.concat([head, png.subarray(0, half)])));
      await sleep(pauseMs);
      ctl.enqueue(new Uint8Array(Buffer.concat([png.subarray(half), tail])));
      ctl.close();
    },
  });
  return fetch(`${base}/api/v1/uploads`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: new URL(base).origin, "Accept-Language": "en-US" },
    body,
    duplex: "half",
    signal: AbortSignal.timeout(60_000),
  } as RequestInit & { duplex: "half" });
}

/** Phase 2: SIGTERM to `npm start` (scripts/start.ts) with requests in flight. */
async function sigtermDrain(port: number, failures: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_DB_DIR: DATA_DIR, DATABASE_URL: "", LOG_REQUESTS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d));
  child.stderr.on("data", (d: Buffer) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}/customerWeb`;
  const deadline = Date.now() + 180_000;
  while (!/app: http/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new StepError(`npm start did not come up:\n${output.slice(-3000)}`);
    await sleep(250);
  }
  const pgPid = runningServer(DATA_DIR)?.pid;
  const cookie = await signInCookie(base, { account: "dealer.sh", password: "Dealer@123456" });
  const upload = slowUpload(base, cookie, 2_500);
  await sleep(800); // the upload is half sent
  console.log("  … SIGTERM to npm start while an upload is half sent");
  child.kill("SIGTERM");
  let exitedAt = 0;
  void exited.then(() => (exitedAt = Date.now()));
  const uploaded = await upload.then(
    async (r) => (r.status === 201 ? 201 : (console.log(`  upload answered ${r.status}: ${await r.text()}`), r.status)),
    (err: unknown) => (console.log(`  upload failed: ${(err as Error).message}`), 0),
  );
  const answeredAt = Date.now();
  const code = await exited;
  check(uploaded === 201, `the upload in flight at SIGTERM was answered (HTTP ${uploaded})`, failures);
  check(exitedAt >= answeredAt - 50, "npm start exited only after answering it", failures);
  check(code !== null, `npm start exited (code ${code})`, failures);
  check(!!pgPid && !isAlive(pgPid) && processesMentioning(DATA_DIR).length === 0, "its PostgreSQL stopped with it, no process left", failures);
  check(processesMentioning(`--port ${port}`).length === 0, "no Next process left", failures);
}

/** Every upload row points at a whole file (local storage). */
async function uploadsWhole(url: string, failures: string[]) {
  const rows = await query<{ storageKey: string; size: number }>(url, `select "storageKey", size from "Attachment" where "createdAt" > now() - interval '1 hour'`).catch(
    () => null,
  );
  if (!rows) return check(false, "could read the attachments", failures);
  const dir = path.join(ROOT, "data/uploads");
  const partial = rows.filter((r) => {
    const file = path.join(dir, r.storageKey);
    return !fs.existsSync(file) || fs.statSync(file).size !== Number(r.size);
  });
  check(partial.length === 0, `every upload row of the run points at a whole file (${rows.length} checked)`, failures);
}

main(async () => {
  const failures: string[] = [];
  const pg = { server: await startEmbeddedPostgres({ dataDir: DATA_DIR, fresh: true, durable: false }) };
  onCleanup(() => pg.server.stop());
  await applyMigrations(pg.server.url);
  await ensurePrismaClient();
  await runSeed(pg.server.url, { demo: true });
  const port = await choosePort(process.env.FAULTS_PORT, 3500);
  if (needsBuild()) await buildApp(port);
  const next = startNext("start", port, { ...appEnv({ port, databaseUrl: pg.server.url, host: "127.0.0.1" }), LOG_REQUESTS: "false" });
  onCleanup(() => stopChild(next));
  const base = `http://127.0.0.1:${port}/customerWeb`;
  await waitForApp(base, next);

  console.log("\n1. PostgreSQL restarts under a load of order submissions");
  await databaseRestart(base, pg, failures);
  await stopChild(next);
  await pg.server.stop();

  console.log("\n2. SIGTERM to npm start with requests in flight");
  await sigtermDrain(port, failures);
  const after = await startEmbeddedPostgres({ dataDir: DATA_DIR, durable: false });
  try {
    await uploadsWhole(after.url, failures);
  } finally {
    await after.stop();
  }

  if (failures.length) throw new StepError(`${failures.length} fault check(s) failed:\n  - ${failures.join("\n  - ")}`);
  console.log("\nall fault checks passed");
});
