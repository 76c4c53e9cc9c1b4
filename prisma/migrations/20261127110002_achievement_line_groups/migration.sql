-- A dealer's month of plan achievement summed AchievementFact by goods on every request and
-- looked up every goods of it: at full size the biggest dealer's month is 16,000 vehicle goods,
-- a 456 ms answer of 16,000 lines. Now the facts carry the line they count for (kind, and the
-- parts category), AchievementGroup keeps them summed per company, month, measure and line group
-- (the vehicle subtotal and each parts category), and an index ranks a month's vehicles by
-- quantity, so the month is read as its groups, its planned vehicles and the largest unplanned
-- ones (lib/plans/achievement.ts): a bounded answer whatever the month holds.
--
-- A goods' kind or parts category can change (the goods screens edit the category): a trigger
-- on Goods re-keys its facts, and the deferred trigger moves their quantities between groups at
-- commit. The re-key locks AchievementFact against writers (SHARE ROW EXCLUSIVE) so no fact row
-- is written with the old category after the re-key has run (lib/mall/goods/service.ts takes the
-- same lock before it updates the goods row, so a submission holding facts and waiting for that
-- goods row cannot deadlock with it).
--
-- The deferred trigger now also takes a transaction lock on the company (advisory 2402) before it
-- adds to the company's rows: one transaction's facts fall in several groups in goods order, and
-- two transactions adding to the same groups in different orders at commit would deadlock.

-- AlterTable
ALTER TABLE "AchievementFact" ADD COLUMN     "category" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "kind" CHAR(1) NOT NULL DEFAULT 'P';

-- CreateTable
CREATE TABLE "AchievementGroup" (
    "companyId" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "measure" CHAR(1) NOT NULL,
    "kind" CHAR(1) NOT NULL,
    "category" TEXT NOT NULL,
    "qty" INTEGER NOT NULL,

    CONSTRAINT "AchievementGroup_pkey" PRIMARY KEY ("companyId","month","measure","kind","category")
);

-- CreateIndex
CREATE INDEX "AchievementFact_goodsId_idx" ON "AchievementFact"("goodsId");

-- AddForeignKey
ALTER TABLE "AchievementGroup" ADD CONSTRAINT "AchievementGroup_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The line a goods counts for: V a vehicle, P parts (parts and derivatives), and the parts
-- category (OTHER without one, '' for a vehicle), as lib/plans/achievement.ts matches plan lines.
CREATE FUNCTION "achievement_line_kind"(k TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k = 'VEHICLE' THEN 'V' ELSE 'P' END
$$;

CREATE FUNCTION "achievement_line_category"(k TEXT, c TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k = 'VEHICLE' THEN '' ELSE COALESCE(c, 'OTHER') END
$$;

-- A new fact row takes its goods' line (a missing goods counts as OTHER parts).
CREATE OR REPLACE FUNCTION "achievement_fact_add"(c INTEGER[], mo DATE[], ms TEXT[], g INTEGER[], q INTEGER[]) RETURNS VOID LANGUAGE sql AS $$
  INSERT INTO "AchievementFact" ("companyId", "month", "measure", "goodsId", "qty", "kind", "category")
  SELECT d.c, d.mo, d.ms, d.g, d.q, COALESCE(achievement_line_kind(x."kind"::text), 'P'), COALESCE(achievement_line_category(x."kind"::text, x."partsCategory"), 'OTHER')
  FROM (SELECT d.c, d.mo, d.ms, d.g, SUM(d.q)::int AS q FROM unnest(c, mo, ms, g, q) AS d(c, mo, ms, g, q) GROUP BY 1, 2, 3, 4 HAVING SUM(d.q) <> 0) d
  LEFT JOIN "Goods" x ON x."id" = d.g
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("companyId", "month", "measure", "goodsId") DO UPDATE SET "qty" = "AchievementFact"."qty" + EXCLUDED."qty"
$$;

-- At commit, each change of a fact row adds its delta to its company's month total and moves it
-- between line groups when the row was re-keyed. Deltas add up, so several changes of one row in
-- a transaction sum right. A company deleted in the transaction has no rows to add to: skipped.
CREATE OR REPLACE FUNCTION "achievement_month_apply"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
DECLARE
  r "AchievementFact"\073
  delta INTEGER\073
BEGIN
  IF TG_OP = ''DELETE'' THEN r := OLD\073 ELSE r := NEW\073 END IF\073
  IF NOT EXISTS (SELECT 1 FROM "Company" WHERE "id" = r."companyId") THEN RETURN NULL\073 END IF\073
  PERFORM pg_advisory_xact_lock(2402, r."companyId")\073
  delta := CASE TG_OP WHEN ''INSERT'' THEN NEW."qty" WHEN ''DELETE'' THEN -OLD."qty" ELSE NEW."qty" - OLD."qty" END\073
  IF delta <> 0 THEN
    INSERT INTO "AchievementMonth" ("companyId", "month", "measure", "qty") VALUES (r."companyId", r."month", r."measure", delta)
    ON CONFLICT ("companyId", "month", "measure") DO UPDATE SET "qty" = "AchievementMonth"."qty" + EXCLUDED."qty"\073
  END IF\073
  IF TG_OP = ''UPDATE'' AND OLD."kind" = NEW."kind" AND OLD."category" = NEW."category" THEN
    IF delta <> 0 THEN
      INSERT INTO "AchievementGroup" ("companyId", "month", "measure", "kind", "category", "qty") VALUES (r."companyId", r."month", r."measure", r."kind", r."category", delta)
      ON CONFLICT ("companyId", "month", "measure", "kind", "category") DO UPDATE SET "qty" = "AchievementGroup"."qty" + EXCLUDED."qty"\073
    END IF\073
    RETURN NULL\073
  END IF\073
  IF TG_OP <> ''INSERT'' AND OLD."qty" <> 0 THEN
    INSERT INTO "AchievementGroup" ("companyId", "month", "measure", "kind", "category", "qty") VALUES (OLD."companyId", OLD."month", OLD."measure", OLD."kind", OLD."category", -OLD."qty")
    ON CONFLICT ("companyId", "month", "measure", "kind", "category") DO UPDATE SET "qty" = "AchievementGroup"."qty" + EXCLUDED."qty"\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW."qty" <> 0 THEN
    INSERT INTO "AchievementGroup" ("companyId", "month", "measure", "kind", "category", "qty") VALUES (NEW."companyId", NEW."month", NEW."measure", NEW."kind", NEW."category", NEW."qty")
    ON CONFLICT ("companyId", "month", "measure", "kind", "category") DO UPDATE SET "qty" = "AchievementGroup"."qty" + EXCLUDED."qty"\073
  END IF\073
  RETURN NULL\073
END
';

-- A goods whose line changed re-keys its facts (the lock: see the top of this file).
CREATE FUNCTION "achievement_goods_rekey"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
BEGIN
  LOCK TABLE "AchievementFact" IN SHARE ROW EXCLUSIVE MODE\073
  UPDATE "AchievementFact"
  SET "kind" = achievement_line_kind(NEW."kind"::text), "category" = achievement_line_category(NEW."kind"::text, NEW."partsCategory")
  WHERE "goodsId" = NEW."id"\073
  RETURN NULL\073
END
';

-- A month's vehicles by quantity, largest first, per measure: the unplanned lines shown.
CREATE INDEX "AchievementFact_vehicle_rank_idx" ON "AchievementFact" ("companyId", "month", "measure", "qty" DESC, "goodsId") WHERE "kind" = 'V';

-- The facts already there take their goods' lines and the groups their sums, with the tables
-- locked against writes meanwhile (the month totals do not change: their trigger is off for the
-- re-key), then the Goods trigger starts: nothing is counted twice or missed.
DO E'
BEGIN
  LOCK TABLE "Goods" IN SHARE ROW EXCLUSIVE MODE\073
  LOCK TABLE "AchievementFact" IN SHARE ROW EXCLUSIVE MODE\073
  ALTER TABLE "AchievementFact" DISABLE TRIGGER "AchievementFact_month"\073
  UPDATE "AchievementFact" f
  SET "kind" = achievement_line_kind(g."kind"::text), "category" = achievement_line_category(g."kind"::text, g."partsCategory")
  FROM "Goods" g WHERE g."id" = f."goodsId"\073
  UPDATE "AchievementFact" f SET "category" = ''OTHER''
  WHERE NOT EXISTS (SELECT 1 FROM "Goods" g WHERE g."id" = f."goodsId")\073
  ALTER TABLE "AchievementFact" ENABLE TRIGGER "AchievementFact_month"\073
  CREATE TRIGGER "Goods_achievement_rekey" AFTER UPDATE OF "kind", "partsCategory" ON "Goods" FOR EACH ROW
    WHEN (achievement_line_kind(OLD."kind"::text) <> achievement_line_kind(NEW."kind"::text)
      OR achievement_line_category(OLD."kind"::text, OLD."partsCategory") <> achievement_line_category(NEW."kind"::text, NEW."partsCategory"))
    EXECUTE FUNCTION "achievement_goods_rekey"()\073
  DELETE FROM "AchievementGroup"\073
  INSERT INTO "AchievementGroup" ("companyId", "month", "measure", "kind", "category", "qty")
  SELECT "companyId", "month", "measure", "kind", "category", SUM("qty")::int FROM "AchievementFact" GROUP BY 1, 2, 3, 4, 5 HAVING SUM("qty") <> 0\073
END
';
