import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateScaleData, scaledSizes } from "./scale-data";
import { applyMigrations } from "./migrations";
import { runSeed } from "./stack";
import { scratchPostgres } from "./test-helpers";

// bench:scale's data set at 1/2000 of the sizes on a scratch database (migrated, demo
// seed), so CI keeps the generator's SQL in step with the schema: counts, the big dealer's
// share, and every reference and enum value valid.

let scratch: { url: string; drop(): Promise<void> };
let client: pg.Client;

beforeAll(async () => {
  scratch = await scratchPostgres("scale");
  await applyMigrations(scratch.url);
  await runSeed(scratch.url, { demo: true });
  client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
}, 300_000);

afterAll(async () => {
  await client?.end();
  await scratch?.drop();
});

const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0].n);

describe("generateScaleData", () => {
  it("builds the scaled data set on top of the demo seed with valid references", async () => {
    const before = await count(`select count(*) as n from "Order"`);
    const s = scaledSizes(0.0005);
    expect(s).toMatchObject({ orders: 500, goods: 50, vehicles: 100, signIns: 500, returns: 50, complaints: 50, dealers: 3, bigDealerOrders: 100 });
    const counts = await generateScaleData(scratch.url, 0.0005);

    expect(await count(`select count(*) as n from "Order" where "orderNo" like 'SC%'`)).toBe(500);
    expect(counts.orders).toBe(before + 500);
    expect(await count(`select count(*) as n from "OrderLine" l join "Order" o on o.id = l."orderId" where o."orderNo" like 'SC%'`)).toBe(1000);
    expect(await count(`select count(*) as n from "Goods" where code like 'SC-G%'`)).toBe(50);
    expect(await count(`select count(*) as n from "Vehicle" where vin like 'SCV%'`)).toBe(100);
    expect(await count(`select count(*) as n from "LoginLog" where "userAgent" = 'Mozilla/5.0 scale-bench'`)).toBe(500);
    expect(await count(`select count(*) as n from "SalesReturn" where "returnNo" like 'SCR%'`)).toBe(50);
    expect(await count(`select count(*) as n from "Complaint" where "complaintNo" like 'SCC%'`)).toBe(50);
    // The demo dealer holds the big share: its 100 plus its turn among the rest.
    expect(await count(`select count(*) as n from "Order" o join "Company" c on c.id = o."companyId" where c.code = 'D001' and o."orderNo" like 'SC%'`)).toBeGreaterThanOrEqual(
      100,
    );
    expect(counts.companies).toBeGreaterThanOrEqual(3);

    // Vehicle orders carry vehicle goods, parts orders parts; every vehicle's model is its goods'.
    expect(
      await count(`select count(*) as n from "OrderLine" l join "Order" o on o.id = l."orderId" where o."orderNo" like 'SC%' and (o.type = 'VEHICLE') <> (l.kind = 'VEHICLE')`),
    ).toBe(0);
    expect(
      await count(
        `select count(*) as n from "Vehicle" v join "Goods" g on g.id = v."goodsId" where v.vin like 'SCV%' and (g.kind <> 'VEHICLE' or v."vehicleModelId" <> g."vehicleModelId")`,
      ),
    ).toBe(0);
    expect(await count(`select count(*) as n from "Vehicle" where vin like 'SCV%' and (status = 'FACTORY_STOCK') <> ("companyId" is null)`)).toBe(0);
    // Creators are dealer users of the order's company.
    expect(
      await count(`select count(*) as n from "Order" o where o."orderNo" like 'SC%'
                   and not exists (select 1 from "UserCompany" uc where uc."userId" = o."creatorId" and uc."companyId" = o."companyId")`),
    ).toBe(0);

    // Every foreign key holds: PostgreSQL checks them on insert, and none is disabled or left
    // NOT VALID by the generator.
    expect(await count(`select count(*) as n from pg_constraint where contype = 'f' and not convalidated`)).toBe(0);
    expect(await count(`select count(*) as n from pg_trigger where tgenabled = 'D' and tgisinternal`)).toBe(0);
    // ANALYZE ran: the planner knows the orders table's size.
    expect(await count(`select reltuples::bigint as n from pg_class where relname = 'Order'`)).toBe(counts.orders);
  }, 300_000);
});
