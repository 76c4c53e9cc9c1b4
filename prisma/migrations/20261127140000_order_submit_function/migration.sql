-- Order submission in one statement (docs/DECISIONS.md "Issue 24 - submission in one statement").
-- Three functions, called by lib/mall/orders/service.ts:
-- order_write: the order, its lines, its first status event and its audit row (cart submission
--   and pre-order conversion both write through it).
-- order_take_stock: every line's stock, goods locked in id order, each by one conditional UPDATE
--   (re-checked after the row lock is granted, so never oversold). A line that cannot be taken
--   raises P0001 "order_refused" with the goods row as it is now in DETAIL, and the statement
--   rolls back whole.
-- order_submit: a dealer's cart submission after its unlocked pre-check. Under the idempotency
--   key's advisory lock it answers with the key's order when there is one, else share-locks the
--   company, locks the cart lines in id order and checks they are still what the pre-check
--   priced, deletes them, checks the address, writes the order (order_write) and the staff
--   notifications, and takes the stock last. Every refusal raises "order_refused" with the
--   reason in DETAIL. Each statement of a volatile function takes a new snapshot, so the key's
--   order is read after the lock is granted.

CREATE FUNCTION "order_write"(p JSONB) RETURNS INTEGER LANGUAGE plpgsql VOLATILE AS E'
DECLARE
  new_id INTEGER\073
BEGIN
  INSERT INTO "Order" ("orderNo", "type", "companyId", "creatorId", "quantity", "amount", "phone", "deliveryWay", "carrierType", "secondaryDestination",
                       "remark", "addressId", "receiver", "receiverPhone", "regionAreaId", "address", "idempotencyKey", "createdAt", "updatedAt")
  VALUES (p->>''orderNo'', (p->>''type'')::"OrderType", (p->>''companyId'')::int, (p->>''creatorId'')::int, (p->>''quantity'')::int, (p->>''amount'')::numeric,
          p->>''phone'', p->>''deliveryWay'', p->>''carrierType'', p->>''secondaryDestination'', p->>''remark'',
          (p->>''addressId'')::int, p->>''receiver'', p->>''receiverPhone'', (p->>''regionAreaId'')::int, p->>''address'',
          p->>''idempotencyKey'', now() AT TIME ZONE ''UTC'', now() AT TIME ZONE ''UTC'')
  RETURNING "id" INTO new_id\073
  INSERT INTO "OrderLine" ("orderId", "goodsId", "kind", "nameEn", "nameZh", "config", "specification", "coverId", "price", "quantity", "subtotal", "remark")
  SELECT new_id, x."goodsId", x."kind"::"GoodsKind", x."nameEn", x."nameZh", x."config", x."specification", x."coverId", x."price", x."quantity", x."subtotal", x."remark"
  FROM jsonb_to_recordset(p->''lines'') AS x("goodsId" int, "kind" text, "nameEn" text, "nameZh" text, "config" text, "specification" text,
                                            "coverId" text, "price" numeric, "quantity" int, "subtotal" numeric, "remark" text)\073
  INSERT INTO "StatusEvent" ("entity", "entityId", "fromStatus", "toStatus", "userId", "createdAt")
  VALUES (''Order'', new_id, NULL, ''SUBMITTED'', (p->''audit''->>''userId'')::int, now() AT TIME ZONE ''UTC'')\073
  INSERT INTO "AuditLog" ("userId", "companyId", "entity", "entityId", "action", "after", "requestId", "createdAt")
  VALUES ((p->''audit''->>''userId'')::int, (p->''audit''->>''companyId'')::int, ''Order'', new_id::text, ''submit'',
          (p->''audit''->''after'') || jsonb_build_object(''id'', new_id), p->''audit''->>''requestId'', now() AT TIME ZONE ''UTC'')\073
  RETURN new_id\073
END
';

CREATE FUNCTION "order_take_stock"(lines JSONB, kinds TEXT[]) RETURNS VOID LANGUAGE plpgsql VOLATILE AS E'
DECLARE
  l RECORD\073
  g JSONB\073
BEGIN
  FOR l IN SELECT x."id", x."quantity" FROM jsonb_to_recordset(lines) AS x("id" int, "quantity" int) ORDER BY x."id" LOOP
    UPDATE "Goods" SET "stock" = "stock" - l."quantity", "updatedAt" = now()
    WHERE "id" = l."id" AND "onSale" AND "stock" >= l."quantity" AND "minOrderQty" <= l."quantity" AND "kind"::text = ANY(kinds)\073
    IF NOT FOUND THEN
      SELECT jsonb_build_object(''kind'', "kind", ''nameEn'', "nameEn", ''onSale'', "onSale", ''stock'', "stock", ''minOrderQty'', "minOrderQty")
      INTO g FROM "Goods" WHERE "id" = l."id"\073
      RAISE EXCEPTION USING ERRCODE = ''P0001'', MESSAGE = ''order_refused'',
        DETAIL = jsonb_build_object(''reason'', ''stock'', ''quantity'', l."quantity", ''kinds'', to_jsonb(kinds), ''goods'', g)::text\073
    END IF\073
  END LOOP\073
END
';

CREATE FUNCTION "order_submit"(p JSONB) RETURNS JSONB LANGUAGE plpgsql VOLATILE AS E'
DECLARE
  company INTEGER := (p->>''companyId'')::int\073
  creator INTEGER := (p->>''creatorId'')::int\073
  idem TEXT := p->>''idempotencyKey''\073
  ids INTEGER[] := ARRAY(SELECT jsonb_array_elements_text(p->''cartLineIds'')::int)\073
  found_order RECORD\073
  cart JSONB\073
  new_id INTEGER\073
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(''order:'' || company || '':'' || idem, 0))\073
  SELECT "id", "orderNo" INTO found_order FROM "Order" WHERE "companyId" = company AND "idempotencyKey" = idem\073
  IF FOUND THEN
    RETURN jsonb_build_object(''id'', found_order."id", ''orderNo'', found_order."orderNo", ''created'', false)\073
  END IF\073
  PERFORM 1 FROM "Company" WHERE "id" = company AND "status" = ''ACTIVE'' FOR SHARE\073
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = ''P0001'', MESSAGE = ''order_refused'', DETAIL = ''{"reason": "companyDisabled"}''\073
  END IF\073
  WITH locked AS (
    SELECT "id", "goodsId", "quantity" FROM "CartLine" WHERE "id" = ANY(ids) AND "companyId" = company AND "userId" = creator ORDER BY "id" FOR UPDATE
  )
  SELECT coalesce(jsonb_agg(jsonb_build_array("id", "goodsId", "quantity") ORDER BY "id"), ''[]'') INTO cart FROM locked\073
  IF cart <> p->''cart'' THEN
    RAISE EXCEPTION USING ERRCODE = ''P0001'', MESSAGE = ''order_refused'', DETAIL = ''{"reason": "cartChanged"}''\073
  END IF\073
  DELETE FROM "CartLine" WHERE "id" = ANY(ids)\073
  PERFORM 1 FROM "Address" WHERE "id" = (p->>''addressId'')::int AND "companyId" = company\073
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = ''P0001'', MESSAGE = ''order_refused'', DETAIL = ''{"reason": "addressMissing"}''\073
  END IF\073
  new_id := order_write(p)\073
  INSERT INTO "Notification" ("userId", "companyId", "event", "title", "content", "link", "createdAt")
  SELECT x."userId", company, x."event", x."title", x."content", replace(x."link", ''{id}'', new_id::text), now() AT TIME ZONE ''UTC''
  FROM jsonb_to_recordset(p->''notifications'') AS x("userId" int, "event" text, "title" text, "content" text, "link" text)\073
  PERFORM order_take_stock(p->''stock'', ARRAY(SELECT jsonb_array_elements_text(p->''kinds'')))\073
  RETURN jsonb_build_object(''id'', new_id, ''orderNo'', p->>''orderNo'', ''created'', true)\073
END
';

-- The staff who may be told of a new document of a company: ACTIVE STAFF users (not service
-- accounts) holding the permission through a role, each with their roles' data scopes, and the
-- organization tree the scopes are resolved against (lib/mall/notifications/service.ts picks).
CREATE FUNCTION "staff_candidates"(company INTEGER, permission TEXT) RETURNS JSONB LANGUAGE plpgsql STABLE AS E'
BEGIN
  RETURN jsonb_build_object(
    ''users'', (SELECT jsonb_agg(jsonb_build_object(
        ''id'', u."id",
        ''organizationId'', u."organizationId",
        ''hasCompany'', EXISTS (SELECT 1 FROM "UserCompany" uc WHERE uc."userId" = u."id" AND uc."companyId" = company),
        ''roles'', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                      ''dataScope'', r."dataScope",
                      ''organizationIds'', (SELECT coalesce(jsonb_agg(ro."organizationId"), ''[]'') FROM "RoleOrganization" ro WHERE ro."roleId" = r."id"))), ''[]'')
                    FROM "UserRole" ur JOIN "Role" r ON r."id" = ur."roleId" WHERE ur."userId" = u."id")))
      FROM "User" u
      WHERE u."userType" = ''STAFF'' AND u."status" = ''ACTIVE'' AND NOT u."service"
        AND EXISTS (SELECT 1 FROM "UserRole" ur JOIN "RoleMenu" rm ON rm."roleId" = ur."roleId" JOIN "Menu" m ON m."id" = rm."menuId"
                    WHERE ur."userId" = u."id" AND m."permission" = staff_candidates.permission)),
    ''tree'', (SELECT jsonb_agg(jsonb_build_object(''id'', o."id", ''parentId'', o."parentId")) FROM "Organization" o))\073
END
';

-- A cart submission's pre-check, without locks: the order the idempotency key already made, else
-- the viewer's cart lines among the ids, their goods, the company when ACTIVE, the address with
-- its area names up to the province, and the staff candidates. A function for its plan, which
-- the session keeps (the statement's planning cost more than running it).
CREATE FUNCTION "order_precheck"(company_id INTEGER, viewer_id INTEGER, line_ids INTEGER[], address_id INTEGER, idem TEXT) RETURNS JSONB LANGUAGE plpgsql STABLE AS E'
BEGIN
  RETURN (
    WITH lines AS (
      SELECT "id", "goodsId", "quantity", "remark" FROM "CartLine" WHERE "id" = ANY(line_ids) AND "companyId" = company_id AND "userId" = viewer_id
    )
    SELECT jsonb_build_object(
      ''replay'', (SELECT jsonb_build_object(''id'', "id", ''orderNo'', "orderNo") FROM "Order" WHERE "companyId" = company_id AND "idempotencyKey" = idem),
      ''lines'', (SELECT jsonb_agg(to_jsonb(lines) ORDER BY "id") FROM lines),
      ''goods'', (SELECT jsonb_agg(jsonb_build_object(''id'', g."id", ''kind'', g."kind", ''nameEn'', g."nameEn", ''nameZh'', g."nameZh", ''config'', g."config",
                                                    ''specification'', g."specification", ''coverId'', g."coverId", ''price'', g."price"::text,
                                                    ''minOrderQty'', g."minOrderQty", ''onSale'', g."onSale", ''stock'', g."stock"))
                  FROM "Goods" g WHERE g."id" IN (SELECT "goodsId" FROM lines)),
      ''company'', (SELECT jsonb_build_object(''id'', "id", ''nameEn'', "nameEn", ''nameZh'', "nameZh", ''organizationId'', "organizationId")
                    FROM "Company" WHERE "id" = company_id AND "status" = ''ACTIVE''),
      ''address'', (SELECT jsonb_build_object(''id'', a."id", ''receiver'', a."receiver", ''phone'', a."phone", ''address'', a."address", ''regionAreaId'', a."regionAreaId",
                                              ''areas'', jsonb_build_array(r3."nameZh", r2."nameZh", r1."nameZh"))
                    FROM "Address" a
                    JOIN "RegionArea" r1 ON r1."id" = a."regionAreaId"
                    LEFT JOIN "RegionArea" r2 ON r2."id" = r1."parentId"
                    LEFT JOIN "RegionArea" r3 ON r3."id" = r2."parentId"
                    WHERE a."id" = address_id AND a."companyId" = company_id),
      ''staff'', staff_candidates(company_id, ''order:confirm''))
  )\073
END
';
