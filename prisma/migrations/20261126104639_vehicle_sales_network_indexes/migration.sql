-- CreateIndex
CREATE INDEX "VehicleSale_soldAt_id_idx" ON "VehicleSale"("soldAt", "id");

-- CreateIndex
CREATE INDEX "VehicleSale_returnedAt_id_idx" ON "VehicleSale"("returnedAt", "id");
