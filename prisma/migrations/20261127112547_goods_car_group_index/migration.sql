-- The car group list counts each group's goods, capped (lib/list/capped-counts.ts): an index range
-- per group that stops at the cap. No index was led by carGroupId (bench:scale: the list's p50 grew
-- 30% with a 100,000-goods catalogue).

-- CreateIndex
CREATE INDEX "Goods_carGroupId_idx" ON "Goods"("carGroupId");