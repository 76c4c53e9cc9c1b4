-- CreateEnum
CREATE TYPE "WeixinAppType" AS ENUM ('OFFICIAL_ACCOUNT', 'MINI_PROGRAM');

-- CreateEnum
CREATE TYPE "WechatMessageStatus" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "QrPurpose" AS ENUM ('VEHICLE', 'GOODS', 'DOWNLOAD', 'APP_DOWNLOAD');

-- CreateEnum
CREATE TYPE "QrErrorLevel" AS ENUM ('L', 'M', 'Q', 'H');

-- AlterEnum
ALTER TYPE "MessageChannel" ADD VALUE 'WECHAT';

-- AlterTable
ALTER TABLE "MessageTemplate" ADD COLUMN     "wechatFields" JSONB,
ADD COLUMN     "wechatTemplateId" VARCHAR(64);

-- CreateTable
CREATE TABLE "WeixinApp" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "type" "WeixinAppType" NOT NULL,
    "appId" VARCHAR(64) NOT NULL,
    "appSecret" VARCHAR(500) NOT NULL,
    "encodingAesKey" VARCHAR(500),
    "token" VARCHAR(500),
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "accessToken" VARCHAR(1000),
    "accessTokenExpiresAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WeixinApp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WechatBinding" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "appId" INTEGER NOT NULL,
    "openId" VARCHAR(64) NOT NULL,
    "unionId" VARCHAR(64),
    "notify" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WechatBinding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WechatMessage" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "appId" INTEGER,
    "openId" VARCHAR(64) NOT NULL,
    "event" VARCHAR(64) NOT NULL,
    "templateId" VARCHAR(64) NOT NULL,
    "data" JSONB NOT NULL,
    "url" VARCHAR(500),
    "status" "WechatMessageStatus" NOT NULL DEFAULT 'PENDING',
    "sender" VARCHAR(20),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" VARCHAR(500),
    "msgId" VARCHAR(40),
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WechatMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QrcodeModel" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "purpose" "QrPurpose" NOT NULL,
    "pattern" VARCHAR(500) NOT NULL,
    "size" INTEGER NOT NULL DEFAULT 256,
    "errorLevel" "QrErrorLevel" NOT NULL DEFAULT 'M',
    "logoId" VARCHAR(32),
    "layout" JSONB NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "QrcodeModel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WeixinApp_appId_key" ON "WeixinApp"("appId");

-- CreateIndex
CREATE UNIQUE INDEX "WechatBinding_userId_appId_key" ON "WechatBinding"("userId", "appId");

-- CreateIndex
CREATE UNIQUE INDEX "WechatBinding_appId_openId_key" ON "WechatBinding"("appId", "openId");

-- CreateIndex
CREATE INDEX "WechatMessage_status_nextAttemptAt_idx" ON "WechatMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WechatMessage_createdAt_id_idx" ON "WechatMessage"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "WechatMessage_status_createdAt_id_idx" ON "WechatMessage"("status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "WechatMessage_userId_createdAt_id_idx" ON "WechatMessage"("userId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "QrcodeModel_purpose_enabled_idx" ON "QrcodeModel"("purpose", "enabled");

-- AddForeignKey
ALTER TABLE "WechatBinding" ADD CONSTRAINT "WechatBinding_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WechatBinding" ADD CONSTRAINT "WechatBinding_appId_fkey" FOREIGN KEY ("appId") REFERENCES "WeixinApp"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WechatMessage" ADD CONSTRAINT "WechatMessage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WechatMessage" ADD CONSTRAINT "WechatMessage_appId_fkey" FOREIGN KEY ("appId") REFERENCES "WeixinApp"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- At most one enabled official account: the WECHAT channel's sender and the account users bind to.
CREATE UNIQUE INDEX "WeixinApp_one_enabled_official_account" ON "WeixinApp" ("type") WHERE "enabled" AND "type" = 'OFFICIAL_ACCOUNT';

-- At most one default template per purpose.
CREATE UNIQUE INDEX "QrcodeModel_one_default_per_purpose" ON "QrcodeModel" ("purpose") WHERE "isDefault";
