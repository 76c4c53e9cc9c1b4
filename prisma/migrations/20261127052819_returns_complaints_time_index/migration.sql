-- Staff with the ALL scope and administrators list every return and complaint newest first with
-- no filter: without an index in that order PostgreSQL read and sorted the whole table for each
-- page and for the capped count (about 140 ms each at 100,000 rows).
-- CreateIndex
CREATE INDEX "Complaint_createdAt_id_idx" ON "Complaint"("createdAt", "id");

-- CreateIndex
CREATE INDEX "SalesReturn_createdAt_id_idx" ON "SalesReturn"("createdAt", "id");
