// npm run bench:orders — order submission under 50 concurrent clients on PostgreSQL, through the
// real service (stock reservation, numbering, history, audit, notifications), in two shapes, and
// a bare insert of the same number of orders with their lines in the same run:
// - spread: every client orders goods of its own (no two submissions want one goods row), so
//   what is left is the cost of the submission itself and of anything it serializes on;
// - hot: in round i every client orders goods i at once (one hot goods at a time), stocked
//   two short of the clients, so every round two submissions are refused: stock must end at
//   zero, never below, with exactly (clients - 2) orders per goods (never oversold).
// Runs on DATABASE_URL when set (a migrated and seeded database; it adds its own company, users
// and goods with unique codes and leaves them), else on a fresh embedded PostgreSQL in
// data/bench-postgres (durable, like npm start's), stopped at the end.
// "waiting on locks" is the average number of sessions found waiting for a lock during the run.
// Run with: npm run bench:orders [-- --clients 50 --orders 10]
import path from "node:path";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { submitOrder } from "@/lib/mall/orders/service";
import { ROOT } from "./lib/paths";
import { prepareDatabase } from "./lib/stack";

const { values } = parseArgs({ options: { clients: { type: "string", default: "50" }, orders: { type: "string", default: "10" } } });
const CLIENTS = Number(values.clients);
const ORDERS = Number(values.orders);
/** Hot goods are stocked this many short of the clients: refusals every round. */
const SHORT = Math.min(2, CLIENTS - 1);
const tag = randomUUID().slice(0, 8).toUpperCase();

/** DATABASE_URL, or a fresh embedded database (migrated, seeded); returns how to stop it. */
async function database(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) return async () => {};
  const embedded = await prepareDatabase({ dataDir: path.join(ROOT, "data/bench-postgres"), fresh: true });
  process.env.DATABASE_URL = embedded.url;
  return embedded.stop;
}

async function main(): Promise<number> {
  const stop = await database();
  try {
    return await bench();
  } finally {
    await db().$disconnect();
    await stop();
  }
}

type Client = { viewer: Viewer; spread: number[]; hot: number[] };
type Outcome = { ok: number; refused: number; errors: number; ms: number; waiting: number };

/** Samples, every 20 ms on a connection of its own, how many sessions of this database wait
 * for a lock (a row lock, mostly): the serialization the run suffers, whatever the CPU. */
function lockSampler(): { stop: () => Promise<number> } {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const r = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      samples.push(r.rows[0].n);
      await new Promise((res) => setTimeout(res, 20));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : 0;
    },
  };
}

async function makeGoods(name: string, count: number, stock: number): Promise<number[]> {
  const prisma = db();
  const codes = Array.from({ length: count }, (_, i) => `BENCH-${tag}-${name}-${i}`);
  await prisma.goods.createMany({
    data: codes.map((code, i) => ({ kind: "PART" as const, code, nameEn: `Bench ${name} ${i}`, nameZh: `压测${name}${i}`, price: "19.90", stock, onSale: true })),
  });
  const rows = await prisma.goods.findMany({ where: { code: { in: codes } }, select: { id: true, code: true } });
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  return codes.map((c) => byCode.get(c)!);
}

async function bench(): Promise<number> {
  const prisma = db();
  const dealerRole = await prisma.role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
  const region = await prisma.regionArea.findFirstOrThrow({ where: { level: 2 }, select: { id: true } });
  const org = await prisma.organization.findFirstOrThrow({ select: { id: true } });
  const company = await prisma.company.create({ data: { code: `B${tag}`, nameEn: `Bench ${tag}`, nameZh: `压测${tag}`, organizationId: org.id } });
  const address = await prisma.address.create({
    data: { companyId: company.id, receiver: "Bench", phone: "13900000000", regionAreaId: region.id, address: "Bench Road 1", isDefault: true },
  });
  const spreadGoods = await makeGoods("S", CLIENTS * ORDERS, 10);
  const hotGoods = await makeGoods("H", ORDERS, CLIENTS - SHORT);
  const clients: Client[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const user = await prisma.user.create({
      data: {
        account: `bench.${tag}.${c}`.toLowerCase(),
        name: `Bench ${c}`,
        userType: "DEALER",
        passwordHash: "-",
        sessionsValidFrom: new Date(Date.now() - 60_000),
        companies: { create: { companyId: company.id } },
        roles: { create: { roleId: dealerRole.id } },
      },
    });
    const mine = spreadGoods.slice(c * ORDERS, (c + 1) * ORDERS);
    await prisma.cartLine.createMany({ data: [...mine, ...hotGoods].map((goodsId) => ({ companyId: company.id, userId: user.id, goodsId, quantity: 1 })) });
    const lines = await prisma.cartLine.findMany({ where: { userId: user.id }, select: { id: true, goodsId: true } });
    const lineOf = new Map(lines.map((l) => [l.goodsId, l.id]));
    clients.push({
      viewer: (await loadViewer(user.id, company.id, Math.floor(Date.now() / 1000)))!,
      spread: mine.map((g) => lineOf.get(g)!),
      hot: hotGoods.map((g) => lineOf.get(g)!),
    });
  }

  /** Every client submits its lines one after another, all clients at once. */
  async function run(pick: (c: Client) => number[]): Promise<Outcome> {
    const out: Outcome = { ok: 0, refused: 0, errors: 0, ms: 0, waiting: 0 };
    const sampler = lockSampler();
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        for (const lineId of pick(client)) {
          try {
            await submitOrder(
              client.viewer,
              { userId: client.viewer.userId, companyId: company.id, requestId: null },
              { type: "PARTS", cartLineIds: [lineId], phone: "13900000000", deliveryWay: "EXPRESS", addressId: address.id },
              randomUUID(),
            );
            out.ok++;
          } catch (err) {
            if (err instanceof DomainError && err.key === "Orders.errors.outOfStock") out.refused++;
            else {
              out.errors++;
              console.error(err);
            }
          }
        }
      }),
    );
    out.ms = performance.now() - t0;
    out.waiting = +(await sampler.stop()).toFixed(2);
    return out;
  }

  const spread = await run((c) => c.spread);
  const hot = await run((c) => c.hot);

  // The reference: the same number of orders with one line each, inserted bare.
  const t1 = performance.now();
  await Promise.all(
    clients.map(async ({ viewer }, c) => {
      for (let i = 0; i < ORDERS; i++) {
        await prisma.order.create({
          data: {
            orderNo: `BARE${tag}${c}-${i}`,
            type: "PARTS",
            companyId: company.id,
            quantity: 1,
            amount: new Prisma.Decimal("19.90"),
            phone: "13900000000",
            deliveryWay: "EXPRESS",
            receiver: "Bench",
            receiverPhone: "13900000000",
            address: "Bench Road 1",
            creatorId: viewer.userId,
            dealerDeleted: true,
            lines: { create: { goodsId: spreadGoods[c * ORDERS + i], kind: "PART", nameEn: "x", nameZh: "x", price: "19.90", quantity: 1, subtotal: "19.90" } },
          },
        });
      }
    }),
  );
  const bare = performance.now() - t1;
  const total = CLIENTS * ORDERS;
  const perSecond = (n: number, ms: number) => +((n / ms) * 1000).toFixed(1);
  console.table([
    {
      run: "submitOrder, spread goods",
      clients: CLIENTS,
      orders: spread.ok,
      refused: spread.refused,
      errors: spread.errors,
      seconds: +(spread.ms / 1000).toFixed(2),
      "orders/s": perSecond(spread.ok, spread.ms),
      "waiting on locks": spread.waiting,
    },
    {
      run: "submitOrder, one hot goods",
      clients: CLIENTS,
      orders: hot.ok,
      refused: hot.refused,
      errors: hot.errors,
      seconds: +(hot.ms / 1000).toFixed(2),
      "orders/s": perSecond(hot.ok, hot.ms),
      "waiting on locks": hot.waiting,
    },
    {
      run: "bare insert (reference)",
      clients: CLIENTS,
      orders: total,
      refused: 0,
      errors: 0,
      seconds: +(bare / 1000).toFixed(2),
      "orders/s": perSecond(total, bare),
      "waiting on locks": "-",
    },
  ]);

  // Never oversold: spread goods each gave exactly one, hot goods went to zero and not below,
  // and every hot goods has exactly as many ordered units as it had in stock.
  const problems: string[] = [];
  const spreadStock = await prisma.goods.groupBy({ by: ["stock"], where: { id: { in: spreadGoods } }, _count: true });
  if (spreadStock.length !== 1 || spreadStock[0].stock !== 9) problems.push(`spread goods stock ${JSON.stringify(spreadStock)} (expected all 9)`);
  const hotStock = await prisma.goods.findMany({ where: { id: { in: hotGoods } }, select: { id: true, stock: true } });
  if (hotStock.some((g) => g.stock !== 0)) problems.push(`hot goods stock ${hotStock.map((g) => g.stock).join(",")} (expected all 0)`);
  const sold = await prisma.orderLine.groupBy({ by: ["goodsId"], where: { goodsId: { in: hotGoods }, order: { companyId: company.id } }, _sum: { quantity: true } });
  if (sold.length !== ORDERS || sold.some((s) => s._sum.quantity !== CLIENTS - SHORT))
    problems.push(`hot goods sold ${sold.map((s) => s._sum.quantity).join(",")} (expected ${CLIENTS - SHORT} each)`);
  if (spread.ok !== total || spread.errors || hot.errors) problems.push("unexpected errors or refusals on spread goods");
  if (hot.ok !== ORDERS * (CLIENTS - SHORT) || hot.refused !== ORDERS * SHORT)
    problems.push(`hot: ${hot.ok} orders, ${hot.refused} refused (expected ${ORDERS * (CLIENTS - SHORT)} and ${ORDERS * SHORT})`);
  console.log(
    `service / bare time: spread ${(spread.ms / spread.ok / (bare / total)).toFixed(1)}×, hot ${(hot.ms / hot.ok / (bare / total)).toFixed(1)}× per order; ` +
      (problems.length ? `PROBLEMS: ${problems.join("; ")}` : "stock never negative, never oversold"),
  );
  return problems.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
