-- Issue 24, flat lists. The dealer home's "awaiting receipt" figures and a dealer's order list
-- filtered by status (onlineMall/car/order?status=SHIPPED) read a company's orders of one type and
-- status that the dealer has not deleted, newest first. The index holds that filter and order, so
-- the figure's capped count and the filtered page read only the rows they need, however many
-- orders the company has.

-- CreateIndex
CREATE INDEX "Order_companyId_type_dealerDeleted_status_createdAt_id_idx" ON "Order"("companyId", "type", "dealerDeleted", "status", "createdAt" DESC, "id" DESC);

-- The sign-in log (system/loginLog and My account's recent sign-ins) pages newest first by keyset on
-- (createdAt, id) with a capped count, over a table that grows with every attempt. Each filter's
-- index now ends with the list's order (createdAt DESC, id DESC), so a page reads its rows in
-- order and stops. The account filter is a prefix (LIKE 'abc%'), which a plain index cannot serve
-- under the database's collation (C.UTF-8 is not "C" to the planner): its index uses
-- text_pattern_ops, which serves the prefix and an exact account (My account) alike. The ip
-- index is kept as it was.

-- DropIndex
DROP INDEX "LoginLog_createdAt_idx";

-- DropIndex
DROP INDEX "LoginLog_account_createdAt_idx";

-- DropIndex
DROP INDEX "LoginLog_result_createdAt_idx";

-- CreateIndex
CREATE INDEX "LoginLog_createdAt_id_idx" ON "LoginLog"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "LoginLog_result_createdAt_id_idx" ON "LoginLog"("result", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "LoginLog_account_createdAt_id_idx" ON "LoginLog"("account" text_pattern_ops, "createdAt" DESC, "id" DESC);
