-- CreateIndex
CREATE INDEX "Goods_kind_sort_id_idx" ON "Goods"("kind", "sort", "id");

-- CreateIndex
CREATE INDEX "Vehicle_entryAt_id_idx" ON "Vehicle"("entryAt", "id");
