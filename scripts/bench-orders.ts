// npm run bench:orders — order submission under 50 concurrent clients on PostgreSQL: every
// client submits orders from its cart through the
// real service (stock reservation, numbering, history, audit, notifications), reported beside
// a bare insert of the same number of orders with their lines in the same run.
// Runs on DATABASE_URL when set (a migrated and seeded database; it adds its own company, users
// and goods with unique codes and leaves them), else on a fresh embedded PostgreSQL in
// data/bench-postgres (durable, like npm start's), stopped at the end.
// Run with: npm run bench:orders [-- --clients 50 --orders 10]
import path from "node:path";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { loadViewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { submitOrder } from "@/lib/mall/orders/service";
import { ROOT } from "./lib/paths";
import { prepareDatabase } from "./lib/stack";

const { values } = parseArgs({ options: { clients: { type: "string", default: "50" }, orders: { type: "string", default: "10" } } });
const CLIENTS = Number(values.clients);
const ORDERS = Number(values.orders);
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

async function bench(): Promise<number> {
  const prisma = db();
  const dealerRole = await prisma.role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
  const region = await prisma.regionArea.findFirstOrThrow({ where: { level: 2 }, select: { id: true } });
  const org = await prisma.organization.findFirstOrThrow({ select: { id: true } });
  const company = await prisma.company.create({ data: { code: `B${tag}`, nameEn: `Bench ${tag}`, nameZh: `压测${tag}`, organizationId: org.id } });
  const address = await prisma.address.create({
    data: { companyId: company.id, receiver: "Bench", phone: "13900000000", regionAreaId: region.id, address: "Bench Road 1", isDefault: true },
  });
  const goods = await Promise.all(
    Array.from({ length: ORDERS }, (_, i) =>
      prisma.goods.create({
        data: { kind: "PART", code: `BENCH-${tag}-${i}`, nameEn: `Bench part ${i}`, nameZh: `压测配件${i}`, price: "19.90", stock: CLIENTS * 10, onSale: true },
      }),
    ),
  );
  const clients = [];
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
    await prisma.cartLine.createMany({ data: goods.map((g) => ({ companyId: company.id, userId: user.id, goodsId: g.id, quantity: 1 })) });
    const lines = await prisma.cartLine.findMany({ where: { userId: user.id }, orderBy: { id: "asc" }, select: { id: true } });
    clients.push({ viewer: (await loadViewer(user.id, company.id, Math.floor(Date.now() / 1000)))!, lines: lines.map((l) => l.id) });
  }

  // The service: each client submits its orders one after another, all clients at once.
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    clients.map(async ({ viewer, lines }) => {
      for (const lineId of lines) {
        try {
          await submitOrder(
            viewer,
            { userId: viewer.userId, companyId: company.id, requestId: null },
            { type: "PARTS", cartLineIds: [lineId], phone: "13900000000", deliveryWay: "EXPRESS", addressId: address.id },
            randomUUID(),
          );
        } catch (err) {
          errors++;
          console.error(err);
        }
      }
    }),
  );
  const service = performance.now() - t0;

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
            lines: { create: { goodsId: goods[i].id, kind: "PART", nameEn: "x", nameZh: "x", price: "19.90", quantity: 1, subtotal: "19.90" } },
          },
        });
      }
    }),
  );
  const bare = performance.now() - t1;
  const total = CLIENTS * ORDERS;
  const stockLeft = await prisma.goods.aggregate({ where: { id: { in: goods.map((g) => g.id) } }, _min: { stock: true } });
  console.table([
    { run: "submitOrder (service)", clients: CLIENTS, orders: total, errors, seconds: +(service / 1000).toFixed(2), "orders/s": +((total / service) * 1000).toFixed(1) },
    { run: "bare insert (reference)", clients: CLIENTS, orders: total, errors: 0, seconds: +(bare / 1000).toFixed(2), "orders/s": +((total / bare) * 1000).toFixed(1) },
  ]);
  console.log(`service / bare time: ${(service / bare).toFixed(1)}×; lowest stock left ${stockLeft._min.stock} (expected ${CLIENTS * 10 - CLIENTS})`);
  return errors > 0 || stockLeft._min.stock !== CLIENTS * 9 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
