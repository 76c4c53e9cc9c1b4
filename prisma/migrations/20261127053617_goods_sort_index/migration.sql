-- The parts screens list two kinds (PART and DERIVATIVE) in (sort, id) order. (kind, sort, id)
-- gives that order for one kind only, so PostgreSQL sorted every part for each page and for the
-- capped count. Parts are most of the catalogue, so walking (sort, id) and skipping the few
-- vehicles stops after a page.
-- CreateIndex
CREATE INDEX "Goods_sort_id_idx" ON "Goods"("sort", "id");