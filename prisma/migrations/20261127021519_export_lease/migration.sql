-- Issue 24: running Excel exports, one row each, so a user holds at most a few at once across
-- every instance (lib/admin/export-lease.ts). Rows are deleted when the download ends and lapse
-- at expiresAt when an instance crashed.

-- CreateTable
CREATE TABLE "ExportLease" (
    "id" VARCHAR(36) NOT NULL,
    "userId" INTEGER NOT NULL,
    "what" VARCHAR(100) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ExportLease_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ExportLease_userId_expiresAt_idx" ON "ExportLease"("userId", "expiresAt");
