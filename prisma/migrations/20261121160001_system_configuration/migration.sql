-- CreateEnum
CREATE TYPE "CodeReset" AS ENUM ('DAILY', 'MONTHLY', 'NEVER');

-- CreateEnum
CREATE TYPE "AttachmentKind" AS ENUM ('IMAGE', 'VIDEO', 'FILE');

-- CreateEnum
CREATE TYPE "StorageDriver" AS ENUM ('LOCAL', 'S3');

-- CreateEnum
CREATE TYPE "MessageChannel" AS ENUM ('SMS', 'IN_APP');

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "orgSourceId" INTEGER,
ADD COLUMN     "regionAreaId" INTEGER;

-- CreateTable
CREATE TABLE "DictType" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(64) NOT NULL,
    "nameEn" VARCHAR(100) NOT NULL,
    "nameZh" VARCHAR(100) NOT NULL,
    "remark" VARCHAR(300),
    "system" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DictType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DictItem" (
    "id" SERIAL NOT NULL,
    "typeId" INTEGER NOT NULL,
    "value" VARCHAR(64) NOT NULL,
    "labelEn" VARCHAR(100) NOT NULL,
    "labelZh" VARCHAR(100) NOT NULL,
    "color" VARCHAR(20),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DictItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CodeRule" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(64) NOT NULL,
    "nameEn" VARCHAR(100) NOT NULL,
    "nameZh" VARCHAR(100) NOT NULL,
    "prefix" VARCHAR(10) NOT NULL,
    "datePattern" VARCHAR(16) NOT NULL,
    "seqLength" INTEGER NOT NULL,
    "reset" "CodeReset" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CodeRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CodeCounter" (
    "ruleId" INTEGER NOT NULL,
    "period" VARCHAR(16) NOT NULL,
    "value" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CodeCounter_pkey" PRIMARY KEY ("ruleId","period")
);

-- CreateTable
CREATE TABLE "RegionArea" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(12) NOT NULL,
    "parentId" INTEGER,
    "level" INTEGER NOT NULL,
    "nameEn" VARCHAR(100) NOT NULL,
    "nameZh" VARCHAR(100) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RegionArea_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrgSource" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "nameEn" VARCHAR(100) NOT NULL,
    "nameZh" VARCHAR(100) NOT NULL,
    "remark" VARCHAR(300),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrgSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AttachmentStorage" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "driver" "StorageDriver" NOT NULL DEFAULT 'LOCAL',
    "localDir" VARCHAR(300) NOT NULL DEFAULT 'data/uploads',
    "s3Endpoint" VARCHAR(300),
    "s3Region" VARCHAR(50),
    "s3Bucket" VARCHAR(100),
    "s3AccessKey" VARCHAR(200),
    "s3SecretKey" VARCHAR(500),
    "s3ForcePathStyle" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AttachmentStorage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AttachmentRule" (
    "kind" "AttachmentKind" NOT NULL,
    "formats" TEXT[],
    "maxSizeMb" INTEGER NOT NULL,
    "maxCount" INTEGER NOT NULL,
    "suggestedSeconds" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AttachmentRule_pkey" PRIMARY KEY ("kind")
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" VARCHAR(32) NOT NULL,
    "kind" "AttachmentKind" NOT NULL,
    "mime" VARCHAR(100) NOT NULL,
    "ext" VARCHAR(10) NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" VARCHAR(64) NOT NULL,
    "storageKey" VARCHAR(200) NOT NULL,
    "thumbKey" VARCHAR(200),
    "width" INTEGER,
    "height" INTEGER,
    "originalName" VARCHAR(200) NOT NULL,
    "uploaderId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "ownerType" VARCHAR(32),
    "ownerId" VARCHAR(50),
    "field" VARCHAR(50),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageTemplate" (
    "id" SERIAL NOT NULL,
    "event" VARCHAR(64) NOT NULL,
    "channel" "MessageChannel" NOT NULL,
    "titleEn" VARCHAR(200),
    "titleZh" VARCHAR(200),
    "contentEn" VARCHAR(1000) NOT NULL,
    "contentZh" VARCHAR(1000) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MessageTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DictType_code_key" ON "DictType"("code");

-- CreateIndex
CREATE INDEX "DictType_nameEn_idx" ON "DictType"("nameEn");

-- CreateIndex
CREATE INDEX "DictItem_typeId_sort_idx" ON "DictItem"("typeId", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "DictItem_typeId_value_key" ON "DictItem"("typeId", "value");

-- CreateIndex
CREATE UNIQUE INDEX "CodeRule_code_key" ON "CodeRule"("code");

-- CreateIndex
CREATE UNIQUE INDEX "RegionArea_code_key" ON "RegionArea"("code");

-- CreateIndex
CREATE INDEX "RegionArea_parentId_sort_idx" ON "RegionArea"("parentId", "sort");

-- CreateIndex
CREATE INDEX "RegionArea_level_sort_idx" ON "RegionArea"("level", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "OrgSource_code_key" ON "OrgSource"("code");

-- CreateIndex
CREATE INDEX "OrgSource_sort_id_idx" ON "OrgSource"("sort", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Attachment_storageKey_key" ON "Attachment"("storageKey");

-- CreateIndex
CREATE INDEX "Attachment_ownerType_ownerId_idx" ON "Attachment"("ownerType", "ownerId");

-- CreateIndex
CREATE INDEX "Attachment_uploaderId_createdAt_idx" ON "Attachment"("uploaderId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "MessageTemplate_event_channel_key" ON "MessageTemplate"("event", "channel");

-- CreateIndex
CREATE INDEX "Company_orgSourceId_idx" ON "Company"("orgSourceId");

-- CreateIndex
CREATE INDEX "Company_regionAreaId_idx" ON "Company"("regionAreaId");

-- AddForeignKey
ALTER TABLE "Company" ADD CONSTRAINT "Company_orgSourceId_fkey" FOREIGN KEY ("orgSourceId") REFERENCES "OrgSource"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Company" ADD CONSTRAINT "Company_regionAreaId_fkey" FOREIGN KEY ("regionAreaId") REFERENCES "RegionArea"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DictItem" ADD CONSTRAINT "DictItem_typeId_fkey" FOREIGN KEY ("typeId") REFERENCES "DictType"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CodeCounter" ADD CONSTRAINT "CodeCounter_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "CodeRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RegionArea" ADD CONSTRAINT "RegionArea_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "RegionArea"("id") ON DELETE SET NULL ON UPDATE CASCADE;
