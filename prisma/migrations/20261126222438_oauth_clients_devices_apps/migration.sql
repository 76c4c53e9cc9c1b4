-- CreateEnum
CREATE TYPE "AppPlatform" AS ENUM ('ANDROID', 'IOS', 'HARMONYOS');

-- CreateEnum
CREATE TYPE "AppReleaseStatus" AS ENUM ('DRAFT', 'PUBLISHED', 'WITHDRAWN');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "service" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "OAuthClient" (
    "id" SERIAL NOT NULL,
    "clientId" VARCHAR(64) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "confidential" BOOLEAN NOT NULL DEFAULT true,
    "grants" TEXT[],
    "redirectUris" TEXT[],
    "scopes" TEXT[],
    "accessTokenSeconds" INTEGER NOT NULL DEFAULT 3600,
    "refreshTokenSeconds" INTEGER NOT NULL DEFAULT 2592000,
    "rateLimitPerMinute" INTEGER NOT NULL DEFAULT 600,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "serviceUserId" INTEGER,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OAuthClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthClientSecret" (
    "id" SERIAL NOT NULL,
    "clientId" INTEGER NOT NULL,
    "hash" VARCHAR(64) NOT NULL,
    "hint" VARCHAR(8) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthClientSecret_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthCode" (
    "hash" VARCHAR(64) NOT NULL,
    "clientId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "redirectUri" VARCHAR(500) NOT NULL,
    "scopes" TEXT[],
    "codeChallenge" VARCHAR(128) NOT NULL,
    "codeChallengeMethod" VARCHAR(10) NOT NULL,
    "deviceId" INTEGER,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "familyId" VARCHAR(64),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthCode_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "OAuthToken" (
    "id" SERIAL NOT NULL,
    "accessHash" VARCHAR(64) NOT NULL,
    "refreshHash" VARCHAR(64),
    "clientId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "scopes" TEXT[],
    "familyId" VARCHAR(64) NOT NULL,
    "deviceId" INTEGER,
    "accessExpiresAt" TIMESTAMPTZ(3) NOT NULL,
    "refreshExpiresAt" TIMESTAMPTZ(3),
    "rotatedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthRateWindow" (
    "clientId" INTEGER NOT NULL,
    "windowStart" TIMESTAMPTZ(0) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OAuthRateWindow_pkey" PRIMARY KEY ("clientId","windowStart")
);

-- CreateTable
CREATE TABLE "UserDevice" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "deviceId" VARCHAR(128) NOT NULL,
    "platform" "AppPlatform",
    "model" VARCHAR(100),
    "os" VARCHAR(100),
    "appVersion" VARCHAR(50),
    "pushToken" VARCHAR(300),
    "ip" VARCHAR(64),
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unboundAt" TIMESTAMPTZ(3),
    "blockedAt" TIMESTAMPTZ(3),
    "blockedById" INTEGER,

    CONSTRAINT "UserDevice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppRelease" (
    "id" SERIAL NOT NULL,
    "platform" "AppPlatform" NOT NULL,
    "versionName" VARCHAR(30) NOT NULL,
    "versionNumber" INTEGER NOT NULL,
    "minSupported" INTEGER NOT NULL,
    "forceUpdate" BOOLEAN NOT NULL DEFAULT false,
    "notesEn" VARCHAR(4000) NOT NULL,
    "notesZh" VARCHAR(4000) NOT NULL,
    "packageId" VARCHAR(32),
    "storeUrl" VARCHAR(500),
    "status" "AppReleaseStatus" NOT NULL DEFAULT 'DRAFT',
    "publishedAt" TIMESTAMPTZ(3),
    "downloadCount" INTEGER NOT NULL DEFAULT 0,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AppRelease_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OAuthClient_clientId_key" ON "OAuthClient"("clientId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthClient_serviceUserId_key" ON "OAuthClient"("serviceUserId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthClientSecret_hash_key" ON "OAuthClientSecret"("hash");

-- CreateIndex
CREATE INDEX "OAuthClientSecret_clientId_idx" ON "OAuthClientSecret"("clientId");

-- CreateIndex
CREATE INDEX "OAuthCode_expiresAt_idx" ON "OAuthCode"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthToken_accessHash_key" ON "OAuthToken"("accessHash");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthToken_refreshHash_key" ON "OAuthToken"("refreshHash");

-- CreateIndex
CREATE INDEX "OAuthToken_familyId_idx" ON "OAuthToken"("familyId");

-- CreateIndex
CREATE INDEX "OAuthToken_userId_revokedAt_idx" ON "OAuthToken"("userId", "revokedAt");

-- CreateIndex
CREATE INDEX "OAuthToken_clientId_revokedAt_idx" ON "OAuthToken"("clientId", "revokedAt");

-- CreateIndex
CREATE INDEX "OAuthToken_deviceId_idx" ON "OAuthToken"("deviceId");

-- CreateIndex
CREATE INDEX "OAuthToken_accessExpiresAt_idx" ON "OAuthToken"("accessExpiresAt");

-- CreateIndex
CREATE INDEX "OAuthRateWindow_windowStart_idx" ON "OAuthRateWindow"("windowStart");

-- CreateIndex
CREATE INDEX "UserDevice_lastSeenAt_id_idx" ON "UserDevice"("lastSeenAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "UserDevice_deviceId_idx" ON "UserDevice"("deviceId");

-- CreateIndex
CREATE UNIQUE INDEX "UserDevice_userId_deviceId_key" ON "UserDevice"("userId", "deviceId");

-- CreateIndex
CREATE INDEX "AppRelease_platform_status_versionNumber_idx" ON "AppRelease"("platform", "status", "versionNumber" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "AppRelease_platform_versionNumber_key" ON "AppRelease"("platform", "versionNumber");

-- AddForeignKey
ALTER TABLE "OAuthClient" ADD CONSTRAINT "OAuthClient_serviceUserId_fkey" FOREIGN KEY ("serviceUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthClientSecret" ADD CONSTRAINT "OAuthClientSecret_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "OAuthClient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthCode" ADD CONSTRAINT "OAuthCode_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "OAuthClient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthCode" ADD CONSTRAINT "OAuthCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "OAuthClient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "UserDevice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserDevice" ADD CONSTRAINT "UserDevice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the database keeps whatever code writes
ALTER TABLE "AppRelease" ADD CONSTRAINT "AppRelease_source_check" CHECK (("packageId" IS NULL) <> ("storeUrl" IS NULL));
ALTER TABLE "AppRelease" ADD CONSTRAINT "AppRelease_numbers_check" CHECK ("versionNumber" > 0 AND "minSupported" > 0 AND "minSupported" <= "versionNumber" AND "downloadCount" >= 0);
ALTER TABLE "OAuthClient" ADD CONSTRAINT "OAuthClient_limits_check" CHECK ("accessTokenSeconds" BETWEEN 60 AND 86400 AND "refreshTokenSeconds" BETWEEN 300 AND 31536000 AND "rateLimitPerMinute" BETWEEN 1 AND 100000);
