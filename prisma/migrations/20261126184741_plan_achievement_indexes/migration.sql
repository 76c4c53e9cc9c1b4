-- Plan achievement (crm/customerPlan) counts what was shipped in a month per dealer, and across
-- every dealer in a staff member's scope. Orders are found by the day they shipped, which no
-- index covered, so the network view read every order of the companies. Only shipped orders
-- have the date, so the index holds only those rows.
CREATE INDEX "Order_companyId_shippedAt_idx" ON "Order" ("companyId", "shippedAt") WHERE "shippedAt" IS NOT NULL;
