-- Plan achievement's chart (12 months of one dealer) and network (a month of every dealer) summed
-- AchievementFact over goods on every request: at full size 400k rows for the biggest dealer's
-- chart, 33k for the network's month. AchievementMonth keeps those sums per company, Shanghai
-- month and measure (lib/plans/achievement.ts reads it for both).
--
-- Kept by a DEFERRABLE INITIALLY DEFERRED constraint trigger on AchievementFact: each change of
-- a fact row (an insert, an update of its qty, a delete) carries its own delta, applied at
-- commit, so the one row of a dealer's month is locked only while a transaction commits, not
-- from the order's line insert on (every order of a dealer in a month adds to the same row).
-- Deltas add up, so several changes of one fact row in a transaction sum right. A company
-- deleted in the transaction has no row to add to (the cascade removed it): skipped.

-- CreateTable
CREATE TABLE "AchievementMonth" (
    "companyId" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "measure" CHAR(1) NOT NULL,
    "qty" INTEGER NOT NULL,

    CONSTRAINT "AchievementMonth_pkey" PRIMARY KEY ("companyId","month","measure")
);

-- AddForeignKey
ALTER TABLE "AchievementMonth" ADD CONSTRAINT "AchievementMonth_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The function's body is an E'' string with \073 for its semicolons: the migration runner splits
-- the file at every semicolon, dollar quotes included.
CREATE FUNCTION "achievement_month_apply"() RETURNS TRIGGER LANGUAGE plpgsql AS E'
DECLARE
  c INTEGER\073
  mo DATE\073
  ms TEXT\073
  delta INTEGER\073
BEGIN
  IF TG_OP = ''DELETE'' THEN
    c := OLD."companyId"\073 mo := OLD."month"\073 ms := OLD."measure"\073 delta := -OLD."qty"\073
  ELSIF TG_OP = ''UPDATE'' THEN
    c := NEW."companyId"\073 mo := NEW."month"\073 ms := NEW."measure"\073 delta := NEW."qty" - OLD."qty"\073
  ELSE
    c := NEW."companyId"\073 mo := NEW."month"\073 ms := NEW."measure"\073 delta := NEW."qty"\073
  END IF\073
  IF delta <> 0 THEN
    INSERT INTO "AchievementMonth" ("companyId", "month", "measure", "qty")
    SELECT c, mo, ms, delta WHERE EXISTS (SELECT 1 FROM "Company" WHERE "id" = c)
    ON CONFLICT ("companyId", "month", "measure") DO UPDATE SET "qty" = "AchievementMonth"."qty" + EXCLUDED."qty"\073
  END IF\073
  RETURN NULL\073
END
';

-- The trigger and the sums already there in one statement (AchievementFact locked against
-- writes meanwhile): nothing is counted twice or missed.
DO E'
BEGIN
  LOCK TABLE "AchievementFact" IN SHARE ROW EXCLUSIVE MODE\073
  CREATE CONSTRAINT TRIGGER "AchievementFact_month" AFTER INSERT OR UPDATE OR DELETE ON "AchievementFact"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "achievement_month_apply"()\073
  INSERT INTO "AchievementMonth" ("companyId", "month", "measure", "qty")
  SELECT "companyId", "month", "measure", SUM("qty")::int FROM "AchievementFact" GROUP BY 1, 2, 3 HAVING SUM("qty") <> 0\073
END
';
