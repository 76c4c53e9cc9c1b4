-- Plan achievement (lib/plans/achievement.ts) sums order lines by goods for a company's month,
-- its 12-month chart and the dealer network: one lookup of the lines per order. With the goods
-- and quantity in the index those lookups are index-only (no heap page per order). The index
-- replaces OrderLine(orderId): its first column still finds an order's lines (Records, the
-- order detail), and one index per write is kept rather than two.

-- DropIndex
DROP INDEX "OrderLine_orderId_idx";

-- CreateIndex
CREATE INDEX "OrderLine_orderId_goodsId_quantity_idx" ON "OrderLine"("orderId", "goodsId", "quantity");
