-- Plan achievement (crm/customerPlan, ?tab=achievement, and its endpoints) summed a company's
-- order lines, sold vehicles and counter sales of the months asked for on every request: at a
-- million orders a dealer's month with its 12-month chart took 2 s, the network's month 0.5 s.
-- AchievementFact keeps those sums per company, Shanghai month, measure and goods, so a month is
-- read from it (lib/plans/achievement.ts).
--
-- The measures, as lib/plans/achievement.ts defines them:
--   O  order lines of orders created in the month, not dealer-deleted, neither CANCELLED nor REJECTED
--   S  order lines of orders shipped in the month (shippedAt), SHIPPED or COMPLETED
--   R  vehicles sold in the month and not returned (VehicleSale, by the vehicle's goods), and
--      lines of POSTED counter DELIVERY documents created in the month
--
-- Kept by triggers, not by the app, so no writer (submission, status moves, the points of sale,
-- the seed, the bench's SQL) can miss it. They are immediate, not deferred like OrderMonthTotal's:
-- a delta needs the order and its lines (or the sale and its vehicle) as they are at the event,
-- which a trigger deferred to commit no longer sees. Each row of a delta is a row lock on one
-- company, month, measure and goods until commit. A submission takes them when it inserts its
-- lines, before its goods locks, in goods order: two orders of one dealer for the same goods
-- already wait for each other on the goods row.
--
-- Parents are inserted before their lines, so an order or document counts nothing when inserted
-- and its lines count as they arrive. Deleting a parent subtracts its lines BEFORE the delete (the
-- cascade then finds no parent to count them against). Line inserts and deletes are statement
-- triggers over transition tables (one upsert for a createMany or a bulk load). Rows may reach 0,
-- and readers skip them. TRUNCATE is not covered (nothing truncates these tables).

-- CreateTable

CREATE TABLE "AchievementFact" (
    "companyId" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "measure" CHAR(1) NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "qty" INTEGER NOT NULL,

    CONSTRAINT "AchievementFact_pkey" PRIMARY KEY ("companyId","month","measure","goodsId")
);

-- AddForeignKey
ALTER TABLE "AchievementFact" ADD CONSTRAINT "AchievementFact_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- One delta of rows (parallel arrays), summed by key and added in key order (the same order in
-- every transaction, so two writers cannot deadlock on these rows).
CREATE FUNCTION "achievement_fact_add"(c INTEGER[], mo DATE[], ms TEXT[], g INTEGER[], q INTEGER[]) RETURNS VOID LANGUAGE sql AS $$
  INSERT INTO "AchievementFact" ("companyId", "month", "measure", "goodsId", "qty")
  SELECT d.c, d.mo, d.ms, d.g, SUM(d.q)::int
  FROM unnest(c, mo, ms, g, q) AS d(c, mo, ms, g, q)
  GROUP BY 1, 2, 3, 4 HAVING SUM(d.q) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("companyId", "month", "measure", "goodsId") DO UPDATE SET "qty" = "AchievementFact"."qty" + EXCLUDED."qty"
$$;

-- What one order line counts for, given its order as it is: ordered and, once shipped, shipped.
CREATE FUNCTION "achievement_order_facts"(o "Order", goods INTEGER, qty INTEGER)
RETURNS TABLE (c INTEGER, mo DATE, ms TEXT, g INTEGER, q INTEGER) LANGUAGE sql STABLE AS $$
  SELECT o."companyId", date_trunc('month', o."createdAt" + interval '8 hours')::date, 'O', goods, qty
  WHERE o."dealerDeleted" = false AND o."status" NOT IN ('CANCELLED', 'REJECTED')
  UNION ALL
  SELECT o."companyId", date_trunc('month', o."shippedAt" + interval '8 hours')::date, 'S', goods, qty
  WHERE o."shippedAt" IS NOT NULL AND o."status" IN ('SHIPPED', 'COMPLETED')
$$;

-- What one counter sale line counts for, given its document as it is.
CREATE FUNCTION "achievement_counter_facts"(d "WmsDocument", goods INTEGER, qty INTEGER)
RETURNS TABLE (c INTEGER, mo DATE, ms TEXT, g INTEGER, q INTEGER) LANGUAGE sql STABLE AS $$
  SELECT d."companyId", date_trunc('month', d."createdAt" AT TIME ZONE 'Asia/Shanghai')::date, 'R', goods, qty
  WHERE d."type" = 'DELIVERY' AND d."source" = 'COUNTER' AND d."status" = 'POSTED'
$$;

-- What one vehicle sale counts for: one of its vehicle's goods, unless returned.
CREATE FUNCTION "achievement_sale_facts"(s "VehicleSale", goods INTEGER, sign INTEGER)
RETURNS TABLE (c INTEGER, mo DATE, ms TEXT, g INTEGER, q INTEGER) LANGUAGE sql STABLE AS $$
  SELECT s."companyId", date_trunc('month', s."soldAt" + interval '8 hours')::date, 'R', goods, sign
  WHERE s."returnedAt" IS NULL
$$;

-- The trigger functions' bodies are E'' strings with \073 for their semicolons: the migration
-- runner splits the file at every semicolon, dollar quotes included.

CREATE FUNCTION "achievement_order_lines_inserted"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.* FROM new_rows l JOIN "Order" o ON o."id" = l."orderId", LATERAL "achievement_order_facts"(o, l."goodsId", l."quantity") x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_order_lines_deleted"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM old_rows l JOIN "Order" o ON o."id" = l."orderId", LATERAL "achievement_order_facts"(o, l."goodsId", l."quantity") x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_order_lines_updated"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM old_rows l JOIN "Order" o ON o."id" = l."orderId", LATERAL "achievement_order_facts"(o, l."goodsId", l."quantity") x
    UNION ALL
    SELECT x.* FROM new_rows l JOIN "Order" o ON o."id" = l."orderId", LATERAL "achievement_order_facts"(o, l."goodsId", l."quantity") x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_order_changed"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
      SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM "OrderLine" l, LATERAL "achievement_order_facts"(OLD, l."goodsId", l."quantity") x WHERE l."orderId" = OLD."id"
    ) f\073
    RETURN OLD\073
  END IF\073
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM "OrderLine" l, LATERAL "achievement_order_facts"(OLD, l."goodsId", l."quantity") x WHERE l."orderId" = OLD."id"
    UNION ALL
    SELECT x.* FROM "OrderLine" l, LATERAL "achievement_order_facts"(NEW, l."goodsId", l."quantity") x WHERE l."orderId" = NEW."id"
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_counter_lines_inserted"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.* FROM new_rows l JOIN "WmsDocument" d ON d."id" = l."documentId", LATERAL "achievement_counter_facts"(d, l."goodsId", l."quantity") x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_counter_lines_deleted"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM old_rows l JOIN "WmsDocument" d ON d."id" = l."documentId", LATERAL "achievement_counter_facts"(d, l."goodsId", l."quantity") x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_counter_lines_updated"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM old_rows l JOIN "WmsDocument" d ON d."id" = l."documentId", LATERAL "achievement_counter_facts"(d, l."goodsId", l."quantity") x
    UNION ALL
    SELECT x.* FROM new_rows l JOIN "WmsDocument" d ON d."id" = l."documentId", LATERAL "achievement_counter_facts"(d, l."goodsId", l."quantity") x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_counter_changed"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
      SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM "WmsDocumentLine" l, LATERAL "achievement_counter_facts"(OLD, l."goodsId", l."quantity") x WHERE l."documentId" = OLD."id"
    ) f\073
    RETURN OLD\073
  END IF\073
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.c, x.mo, x.ms, x.g, -x.q AS q FROM "WmsDocumentLine" l, LATERAL "achievement_counter_facts"(OLD, l."goodsId", l."quantity") x WHERE l."documentId" = OLD."id"
    UNION ALL
    SELECT x.* FROM "WmsDocumentLine" l, LATERAL "achievement_counter_facts"(NEW, l."goodsId", l."quantity") x WHERE l."documentId" = NEW."id"
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_sales_inserted"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.* FROM new_rows s JOIN "Vehicle" v ON v."id" = s."vehicleId", LATERAL "achievement_sale_facts"(s, v."goodsId", 1) x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_sales_deleted"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.* FROM old_rows s JOIN "Vehicle" v ON v."id" = s."vehicleId", LATERAL "achievement_sale_facts"(s, v."goodsId", -1) x
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_sale_changed"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.* FROM "Vehicle" v, LATERAL "achievement_sale_facts"(OLD, v."goodsId", -1) x WHERE v."id" = OLD."vehicleId"
    UNION ALL
    SELECT x.* FROM "Vehicle" v, LATERAL "achievement_sale_facts"(NEW, v."goodsId", 1) x WHERE v."id" = NEW."vehicleId"
  ) f\073
  RETURN NULL\073
END
';

CREATE FUNCTION "achievement_vehicle_goods_changed"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  PERFORM "achievement_fact_add"(array_agg(f.c), array_agg(f.mo), array_agg(f.ms), array_agg(f.g), array_agg(f.q)) FROM (
    SELECT x.* FROM "VehicleSale" s, LATERAL "achievement_sale_facts"(s, OLD."goodsId", -1) x WHERE s."vehicleId" = OLD."id"
    UNION ALL
    SELECT x.* FROM "VehicleSale" s, LATERAL "achievement_sale_facts"(s, NEW."goodsId", 1) x WHERE s."vehicleId" = NEW."id"
  ) f\073
  RETURN NULL\073
END
';


-- The triggers and the facts already there in one statement (one transaction, the six tables
-- locked against writes meanwhile): nothing is counted twice or missed.
DO E'
BEGIN
  LOCK TABLE "Order", "OrderLine", "VehicleSale", "Vehicle", "WmsDocument", "WmsDocumentLine" IN SHARE ROW EXCLUSIVE MODE\073
  CREATE TRIGGER "OrderLine_achievement_insert" AFTER INSERT ON "OrderLine" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_order_lines_inserted"()\073
  CREATE TRIGGER "OrderLine_achievement_delete" AFTER DELETE ON "OrderLine" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_order_lines_deleted"()\073
  CREATE TRIGGER "OrderLine_achievement_update" AFTER UPDATE ON "OrderLine" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_order_lines_updated"()\073
  CREATE TRIGGER "Order_achievement_update" AFTER UPDATE ON "Order" FOR EACH ROW
    WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt"
          OR OLD."shippedAt" IS DISTINCT FROM NEW."shippedAt" OR OLD."companyId" IS DISTINCT FROM NEW."companyId"
          OR OLD."dealerDeleted" IS DISTINCT FROM NEW."dealerDeleted")
    EXECUTE FUNCTION "achievement_order_changed"()\073
  CREATE TRIGGER "Order_achievement_delete" BEFORE DELETE ON "Order" FOR EACH ROW EXECUTE FUNCTION "achievement_order_changed"()\073
  CREATE TRIGGER "WmsDocumentLine_achievement_insert" AFTER INSERT ON "WmsDocumentLine" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_counter_lines_inserted"()\073
  CREATE TRIGGER "WmsDocumentLine_achievement_delete" AFTER DELETE ON "WmsDocumentLine" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_counter_lines_deleted"()\073
  CREATE TRIGGER "WmsDocumentLine_achievement_update" AFTER UPDATE ON "WmsDocumentLine" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_counter_lines_updated"()\073
  CREATE TRIGGER "WmsDocument_achievement_update" AFTER UPDATE ON "WmsDocument" FOR EACH ROW
    WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."type" IS DISTINCT FROM NEW."type"
          OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt"
          OR OLD."companyId" IS DISTINCT FROM NEW."companyId")
    EXECUTE FUNCTION "achievement_counter_changed"()\073
  CREATE TRIGGER "WmsDocument_achievement_delete" BEFORE DELETE ON "WmsDocument" FOR EACH ROW EXECUTE FUNCTION "achievement_counter_changed"()\073
  CREATE TRIGGER "VehicleSale_achievement_insert" AFTER INSERT ON "VehicleSale" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_sales_inserted"()\073
  CREATE TRIGGER "VehicleSale_achievement_delete" AFTER DELETE ON "VehicleSale" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "achievement_sales_deleted"()\073
  CREATE TRIGGER "VehicleSale_achievement_update" AFTER UPDATE ON "VehicleSale" FOR EACH ROW
    WHEN (OLD."soldAt" IS DISTINCT FROM NEW."soldAt" OR OLD."returnedAt" IS DISTINCT FROM NEW."returnedAt"
          OR OLD."companyId" IS DISTINCT FROM NEW."companyId" OR OLD."vehicleId" IS DISTINCT FROM NEW."vehicleId")
    EXECUTE FUNCTION "achievement_sale_changed"()\073
  CREATE TRIGGER "Vehicle_achievement_goods" AFTER UPDATE ON "Vehicle" FOR EACH ROW
    WHEN (OLD."goodsId" IS DISTINCT FROM NEW."goodsId")
    EXECUTE FUNCTION "achievement_vehicle_goods_changed"()\073
  INSERT INTO "AchievementFact" ("companyId", "month", "measure", "goodsId", "qty")
  SELECT f.c, f.mo, f.ms, f.g, SUM(f.q)::int FROM (
    SELECT x.* FROM "Order" o JOIN "OrderLine" l ON l."orderId" = o."id", LATERAL "achievement_order_facts"(o, l."goodsId", l."quantity") x
    UNION ALL
    SELECT x.* FROM "VehicleSale" s JOIN "Vehicle" v ON v."id" = s."vehicleId", LATERAL "achievement_sale_facts"(s, v."goodsId", 1) x
    UNION ALL
    SELECT x.* FROM "WmsDocument" d JOIN "WmsDocumentLine" l ON l."documentId" = d."id", LATERAL "achievement_counter_facts"(d, l."goodsId", l."quantity") x
  ) f GROUP BY 1, 2, 3, 4 HAVING SUM(f.q) <> 0\073
END
';
