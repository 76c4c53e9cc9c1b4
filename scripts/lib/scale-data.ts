// The large data set of npm run bench:scale (issue 24), built with SQL (generate_series) on top
// of a migrated database holding the demo seed, so the demo accounts still sign in and see it:
// the demo dealer D001 (dealer.sh) is the dealer holding the big share of the orders.
// Every generated row carries a "SC" code prefix (goods, orders, returns, complaints, VINs,
// companies, accounts "scale.*"), foreign keys point at rows that exist and enum columns take
// values of their enum. Run once on a fresh database: the codes are unique, a second run fails.
import pg from "pg";

export type ScaleSizes = {
  orders: number;
  /** Order lines per order (two: 2M lines at scale 1). */
  linesPerOrder: number;
  goods: number;
  vehicles: number;
  signIns: number;
  returns: number;
  complaints: number;
  /** Dealers in all (the demo's own companies count). */
  dealers: number;
  /** Orders of the one big dealer (D001). */
  bigDealerOrders: number;
};

/** The sizes (scale 1). */
export const FULL_SIZES: ScaleSizes = {
  orders: 1_000_000,
  linesPerOrder: 2,
  goods: 100_000,
  vehicles: 200_000,
  signIns: 1_000_000,
  returns: 100_000,
  complaints: 100_000,
  dealers: 200,
  bigDealerOrders: 200_000,
};

/** The sizes at a factor of the (at least one of each; dealers at least 3, lines per order kept). */
export function scaledSizes(scale: number): ScaleSizes {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`--scale must be a positive number, not ${scale}`);
  const n = (full: number, min = 1) => Math.max(min, Math.round(full * scale));
  return {
    orders: n(FULL_SIZES.orders, 2),
    linesPerOrder: FULL_SIZES.linesPerOrder,
    goods: n(FULL_SIZES.goods, 3),
    vehicles: n(FULL_SIZES.vehicles),
    signIns: n(FULL_SIZES.signIns),
    returns: n(FULL_SIZES.returns),
    complaints: n(FULL_SIZES.complaints),
    dealers: n(FULL_SIZES.dealers, 3),
    bigDealerOrders: Math.min(n(FULL_SIZES.orders, 2) - 1, n(FULL_SIZES.bigDealerOrders)),
  };
}

/** The company whose orders grow to bigDealerOrders: the demo dealer (dealer.sh signs in to it). */
export const BIG_DEALER = "D001";

// Everything generated spreads over the last three years, newest first by row number.
const SPAN = "interval '3 years'";

/**
 * The statements, in order. Temporary tables (sc_*) hold the companies, users and goods to draw
 * from by row number (k, from 0), so every reference is an existing id.
 */
export function scaleStatements(s: ScaleSizes): { label: string; sql: string }[] {
  const at = (i: string, n: number) => `now() - ${SPAN} * (${i}::float8 / ${n})`;
  return [
    {
      label: "dealers",
      sql: `
        insert into "Company" (code, "nameEn", "nameZh", "organizationId", "regionAreaId", "orgSourceId", status, "updatedAt")
        select 'SC' || lpad(g::text, 5, '0'), 'Scale Dealer ' || g, '压测经销商' || g, d."organizationId", d."regionAreaId", d."orgSourceId", 'ACTIVE', now()
        from (select * from "Company" where code = '${BIG_DEALER}') d,
             generate_series(1, greatest(0, ${s.dealers} - (select count(*) from "Company"))::int) g`,
    },
    {
      label: "dealer users",
      sql: `
        insert into "User" (account, name, "userType", status, "passwordHash", "updatedAt")
        select 'scale.' || lower(c.code), 'Scale ' || c.code, 'DEALER', 'ACTIVE', '-', now()
        from "Company" c where c.code like 'SC%'`,
    },
    {
      label: "dealer memberships",
      sql: `
        insert into "UserCompany" ("userId", "companyId")
        select u.id, c.id from "Company" c join "User" u on u.account = 'scale.' || lower(c.code) where c.code like 'SC%'`,
    },
    {
      // One creator per company: its first dealer user (the demo's, or the generated one).
      label: "companies to draw from",
      sql: `
        create temp table sc_company as
        select (row_number() over (order by c.id) - 1)::int as k, c.id,
               (select uc."userId" from "UserCompany" uc join "User" u on u.id = uc."userId" and u."userType" = 'DEALER'
                 where uc."companyId" = c.id order by uc."userId" limit 1) as "userId"
        from "Company" c
        where exists (select 1 from "UserCompany" uc join "User" u on u.id = uc."userId" and u."userType" = 'DEALER' where uc."companyId" = c.id)`,
    },
    {
      label: "goods",
      sql: `
        insert into "Goods" (kind, code, "nameEn", "nameZh", "carGroupId", "vehicleModelId", config, specification, price, stock, "minOrderQty", "onSale", sort, "partsCategory", "updatedAt", "createdAt")
        select case when g % 5 = 0 then 'VEHICLE' when g % 5 = 1 then 'DERIVATIVE' else 'PART' end::"GoodsKind",
               'SC-G' || lpad(g::text, 7, '0'),
               'Scale goods ' || g || ' ' || md5(g::text), '压测商品' || g,
               case when g % 5 = 0 then vm."carGroupId" end, case when g % 5 = 0 then vm.id end,
               case when g % 5 = 0 then '2.0T config ' || (g % 7) end, 'Spec ' || (g % 97),
               (100 + (g % 1000) * 3.5)::numeric(14, 2), 100000, 1, g % 10 <> 0, g % 50,
               case when g % 5 <> 0 then pc.code end, now(), ${at("g", s.goods)}
        from generate_series(1, ${s.goods}) g
        cross join (select array_agg(id order by id) as ids, array_agg("carGroupId" order by id) as groups from "VehicleModel") m
        cross join (select array_agg(di.value order by di.id) as codes from "DictItem" di join "DictType" dt on dt.id = di."typeId" where dt.code = 'parts_category') p
        cross join lateral (select m.ids[1 + g % cardinality(m.ids)] as id, m.groups[1 + g % cardinality(m.ids)] as "carGroupId") vm
        cross join lateral (select p.codes[1 + g % greatest(1, coalesce(cardinality(p.codes), 0))] as code) pc`,
    },
    {
      label: "goods to draw from",
      sql: `
        create temp table sc_goods as
        select (row_number() over (partition by kind = 'VEHICLE' order by id) - 1)::int as k, kind = 'VEHICLE' as vehicle, id, kind, "vehicleModelId", "nameEn", "nameZh", config, specification, price
        from "Goods" where code like 'SC-G%';
        create index on sc_goods (vehicle, k)`,
    },
    {
      // The first bigDealerOrders orders belong to the big dealer, the rest spread over every
      // company. One in three is a vehicle order; statuses cycle through the enum.
      label: "orders",
      sql: `
        insert into "Order" ("orderNo", type, "companyId", status, quantity, amount, phone, "deliveryWay", receiver, "receiverPhone", address, "creatorId", "createdAt", "updatedAt", "confirmedAt", "dealerDeleted")
        select 'SC' || lpad(g::text, 10, '0'),
               case when g % 3 = 0 then 'VEHICLE' else 'PARTS' end::"OrderType",
               c.id, (enum_range(null::"OrderStatus"))[1 + g % 6], ${s.linesPerOrder}, (${s.linesPerOrder} * (100 + (g % 1000) * 3.5))::numeric(14, 2),
               '1390000' || lpad((g % 10000)::text, 4, '0'), 'LOGISTICS', 'Receiver ' || (g % 1000), '1380000' || lpad((g % 10000)::text, 4, '0'),
               'Scale Road ' || g, c."userId", ${at("g", s.orders)}, now(),
               case when g % 6 between 1 and 3 then ${at("g", s.orders)} + interval '1 day' end, false
        from generate_series(1, ${s.orders}) g
        join sc_company c on c.k = case when g <= ${s.bigDealerOrders} then (select k from sc_company where id = (select id from "Company" where code = '${BIG_DEALER}'))
                                        else g % (select count(*) from sc_company) end`,
    },
    {
      label: "order lines",
      sql: `
        insert into "OrderLine" ("orderId", "goodsId", kind, "nameEn", "nameZh", config, specification, price, quantity, subtotal)
        select o.id, gd.id, gd.kind, gd."nameEn", gd."nameZh", gd.config, gd.specification, gd.price, 1, gd.price
        from "Order" o
        cross join generate_series(0, ${s.linesPerOrder - 1}) j
        cross join (select count(*) filter (where vehicle) as v, count(*) filter (where not vehicle) as p from sc_goods) n
        join sc_goods gd on gd.vehicle = (o.type = 'VEHICLE')
          and gd.k = (o.id::bigint * ${s.linesPerOrder} + j) % case when o.type = 'VEHICLE' then n.v else n.p end
        where o."orderNo" like 'SC%'`,
    },
    {
      // FACTORY_STOCK vehicles have no holder; the others belong to a company.
      label: "vehicles",
      sql: `
        insert into "Vehicle" (vin, "goodsId", "vehicleModelId", colour, status, "companyId", "entryAt", "createdAt", "updatedAt")
        select 'SCV' || lpad(g::text, 14, '0'), gd.id, gd."vehicleModelId", 'Colour ' || (g % 8), st.status,
               case when st.status <> 'FACTORY_STOCK' then c.id end, ${at("g", s.vehicles)}, ${at("g", s.vehicles)}, now()
        from generate_series(1, ${s.vehicles}) g
        cross join lateral (select (enum_range(null::"VehicleStatus"))[1 + g % 5] as status) st
        join sc_goods gd on gd.vehicle and gd.k = g % (select count(*) from sc_goods where vehicle)
        join sc_company c on c.k = g % (select count(*) from sc_company)`,
    },
    {
      label: "sign-in log",
      sql: `
        insert into "LoginLog" (account, "userId", "companyId", result, reason, ip, "userAgent", "createdAt")
        select u.account, case when g % 10 <> 0 then u.id end, case when g % 10 <> 0 then c.id end,
               case when g % 10 <> 0 then 'SUCCESS' else 'FAILURE' end::"LoginResult",
               case when g % 10 <> 0 then 'SUCCESS' else 'INVALID_CREDENTIALS' end,
               '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 7), 'Mozilla/5.0 scale-bench', ${at("g", s.signIns)}
        from generate_series(1, ${s.signIns}) g
        join sc_company c on c.k = g % (select count(*) from sc_company)
        join "User" u on u.id = c."userId"`,
    },
    {
      label: "sales returns",
      sql: `
        insert into "SalesReturn" ("returnNo", "companyId", status, "returnType", "goodsId", "materialCode", "materialName", quantity, "faultQuantity", "dealType", description, "creatorId", "createdAt", "updatedAt")
        select 'SCR' || lpad(g::text, 9, '0'), c.id, (enum_range(null::"SalesReturnStatus"))[1 + g % 6],
               (array['QUALITY', 'SURPLUS', 'TRANSPORT_DAMAGE', 'WRONG_DELIVERY'])[1 + g % 4], gd.id, 'SC-G' || gd.id, gd."nameEn", 1, 1,
               (array['REPLACE', 'REFUND', 'REPAIR'])[1 + g % 3], 'Scale return ' || g, c."userId", ${at("g", s.returns)}, now()
        from generate_series(1, ${s.returns}) g
        join sc_company c on c.k = g % (select count(*) from sc_company)
        join sc_goods gd on not gd.vehicle and gd.k = g % (select count(*) from sc_goods where not vehicle)`,
    },
    {
      label: "complaints",
      sql: `
        insert into "Complaint" ("complaintNo", "companyId", status, vin, category, description, "creatorId", "createdAt", "updatedAt", "closedAt")
        select 'SCC' || lpad(g::text, 9, '0'), c.id, (enum_range(null::"ComplaintStatus"))[1 + g % 4], 'SCV' || lpad((1 + g % ${s.vehicles})::text, 14, '0'),
               (array['PRODUCT_QUALITY', 'PARTS_SUPPLY'])[1 + g % 2], 'Scale complaint ' || g || ' ' || md5(g::text), c."userId",
               ${at("g", s.complaints)}, now(), case when g % 4 = 3 then now() end
        from generate_series(1, ${s.complaints}) g
        join sc_company c on c.k = g % (select count(*) from sc_company)`,
    },
    // VACUUM as well as ANALYZE: a production table has been vacuumed by autovacuum long
    // before it holds a million rows, so its visibility map lets index-only scans skip the heap
    // and its rows' hint bits are set. Freshly inserted rows have neither: the first requests
    // would set hint bits (writing pages), index-only plans would read the heap, and autovacuum
    // would start on the new rows in the middle of the measurements.
    { label: "vacuum analyze", sql: "vacuum analyze" },
  ];
}

export type ScaleCounts = Record<"companies" | "orders" | "orderLines" | "goods" | "vehicles" | "signIns" | "returns" | "complaints" | "bigDealerOrders", number>;

/** Row counts of the tables the data set fills (all rows, demo ones included). */
export async function scaleCounts(client: pg.Client): Promise<ScaleCounts> {
  const { rows } = await client.query<Record<keyof ScaleCounts, string>>(`
    select (select count(*) from "Company") as companies, (select count(*) from "Order") as orders,
           (select count(*) from "OrderLine") as "orderLines", (select count(*) from "Goods") as goods,
           (select count(*) from "Vehicle") as vehicles, (select count(*) from "LoginLog") as "signIns",
           (select count(*) from "SalesReturn") as returns, (select count(*) from "Complaint") as complaints,
           (select count(*) from "Order" o join "Company" c on c.id = o."companyId" where c.code = '${BIG_DEALER}') as "bigDealerOrders"`);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)])) as ScaleCounts;
}

/** Builds the data set on databaseUrl (migrated, demo seed loaded); reports each step's time. */
export async function generateScaleData(databaseUrl: string, scale: number, log: (line: string) => void = () => {}): Promise<ScaleCounts> {
  const sizes = scaledSizes(scale);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Bulk load: no synchronous commit wait; one session, so the temp tables live throughout.
    await client.query("set synchronous_commit = off");
    await client.query("set work_mem = '256MB'");
    for (const step of scaleStatements(sizes)) {
      const t0 = performance.now();
      await client.query(step.sql);
      log(`[scale] ${step.label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    return await scaleCounts(client);
  } finally {
    await client.end();
  }
}
