-- Order reconciliation (onlineMall/car/orderReconcil) sums amount and paidAmount of every open
-- order of the viewer's scope: a full read of Order whatever its size. OrderMonthTotal keeps
-- those sums per company, type and Shanghai month, so whole months are read from it and only the
-- partial months at a date range's edges from Order (lib/mall/orders/reconcile.ts).
--
-- It is kept by a trigger on Order, not by the app, so no writer (submission, status moves,
-- payments, deletes, the seed, the bench's SQL) can miss it. The trigger is a DEFERRABLE
-- INITIALLY DEFERRED constraint trigger: it runs at commit with each event's old and new row, so
-- the total row of a company's month is locked only while the transaction commits, not from the
-- order's insert on (order submission holds its locks as briefly as it can). Deltas add up, so
-- several events of one order in a transaction sum to the right total. Updates that touch none of
-- the summed columns do not fire it. TRUNCATE is not covered (nothing truncates Order).
-- The partial-month reads at a range's edges use Order(type, createdAt DESC, id DESC).

-- CreateTable
CREATE TABLE "OrderMonthTotal" (
    "companyId" INTEGER NOT NULL,
    "type" "OrderType" NOT NULL,
    "month" DATE NOT NULL,
    "orders" INTEGER NOT NULL,
    "amount" DECIMAL(18,2) NOT NULL,
    "paidAmount" DECIMAL(18,2) NOT NULL,

    CONSTRAINT "OrderMonthTotal_pkey" PRIMARY KEY ("companyId","type","month")
);

-- AddForeignKey
ALTER TABLE "OrderMonthTotal" ADD CONSTRAINT "OrderMonthTotal_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION "order_month_total_add"(c INTEGER, t "OrderType", created TIMESTAMP(3), n INTEGER, a NUMERIC, p NUMERIC) RETURNS VOID LANGUAGE sql AS $$
  INSERT INTO "OrderMonthTotal" ("companyId", "type", "month", "orders", "amount", "paidAmount")
  VALUES (c, t, date_trunc('month', created + interval '8 hours')::date, n, a, p)
  ON CONFLICT ("companyId", "type", "month") DO UPDATE
    SET "orders" = "OrderMonthTotal"."orders" + EXCLUDED."orders",
        "amount" = "OrderMonthTotal"."amount" + EXCLUDED."amount",
        "paidAmount" = "OrderMonthTotal"."paidAmount" + EXCLUDED."paidAmount"
$$;

-- The trigger function's body is an E'' string with \073 for its semicolons: the migration runner
-- splits the file at every semicolon, dollar quotes included.
CREATE FUNCTION "order_month_total_apply"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' AND OLD."status" NOT IN (''CANCELLED'', ''REJECTED'') THEN
    PERFORM "order_month_total_add"(OLD."companyId", OLD."type", OLD."createdAt", -1, -OLD."amount", -OLD."paidAmount")\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW."status" NOT IN (''CANCELLED'', ''REJECTED'') THEN
    PERFORM "order_month_total_add"(NEW."companyId", NEW."type", NEW."createdAt", 1, NEW."amount", NEW."paidAmount")\073
  END IF\073
  RETURN NULL\073
END
';

-- The triggers and the orders already there in one statement (one transaction, Order locked
-- against writes meanwhile): no order is counted twice or missed.
DO E'
BEGIN
  LOCK TABLE "Order" IN SHARE ROW EXCLUSIVE MODE\073
  CREATE CONSTRAINT TRIGGER "Order_month_total_insert_delete" AFTER INSERT OR DELETE ON "Order"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_month_total_apply"()\073
  CREATE CONSTRAINT TRIGGER "Order_month_total_update" AFTER UPDATE ON "Order"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."amount" IS DISTINCT FROM NEW."amount"
          OR OLD."paidAmount" IS DISTINCT FROM NEW."paidAmount" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt"
          OR OLD."companyId" IS DISTINCT FROM NEW."companyId" OR OLD."type" IS DISTINCT FROM NEW."type")
    EXECUTE FUNCTION "order_month_total_apply"()\073
  INSERT INTO "OrderMonthTotal" ("companyId", "type", "month", "orders", "amount", "paidAmount")
  SELECT "companyId", "type", date_trunc(''month'', "createdAt" + interval ''8 hours'')::date, COUNT(*)::int, SUM("amount"), SUM("paidAmount")
  FROM "Order" WHERE "status" NOT IN (''CANCELLED'', ''REJECTED'')
  GROUP BY 1, 2, 3\073
END
';
