-- A dealer's stock list (car/stock): companyId = ? AND status IN (…) newest entry first. (companyId,
-- status, entryAt) cannot give that order for several statuses, so the page and its capped count
-- sorted the company's vehicles, and this index serves both in the list's order.
-- CreateIndex
CREATE INDEX "Vehicle_companyId_entryAt_id_idx" ON "Vehicle"("companyId", "entryAt", "id");
