-- CreateIndex
CREATE INDEX "Vehicle_companyId_entryAt_id_idx" ON "Vehicle"("companyId", "entryAt", "id");
