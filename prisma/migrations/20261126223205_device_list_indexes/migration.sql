-- system/userEquipment lists devices newest seen first (UserDevice lastSeenAt, id), a table that
-- grows without bound. Each filter gets an index in that order, so a filtered page reads only
-- the rows it shows. A user's devices (the account page, the list filtered by account or name)
-- and the platform filter are plain indexes. Blocked and signed-out devices are few, so the
-- state filter's two indexes hold only those rows. Active devices are most rows and use the
-- default order's index. The partial indexes are not in prisma/schema.prisma (Prisma cannot say
-- WHERE), like Order_companyId_shippedAt_idx.

-- CreateIndex
CREATE INDEX "UserDevice_userId_lastSeenAt_id_idx" ON "UserDevice"("userId", "lastSeenAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "UserDevice_platform_lastSeenAt_id_idx" ON "UserDevice"("platform", "lastSeenAt" DESC, "id" DESC);

CREATE INDEX "UserDevice_blocked_lastSeenAt_id_idx" ON "UserDevice"("lastSeenAt" DESC, "id" DESC) WHERE "blockedAt" IS NOT NULL;

CREATE INDEX "UserDevice_unbound_lastSeenAt_id_idx" ON "UserDevice"("lastSeenAt" DESC, "id" DESC) WHERE "unboundAt" IS NOT NULL AND "blockedAt" IS NULL;
