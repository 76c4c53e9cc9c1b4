-- CreateEnum
CREATE TYPE "NewsStatus" AS ENUM ('DRAFT', 'PUBLISHED', 'UNPUBLISHED');

-- CreateTable
CREATE TABLE "News" (
    "id" SERIAL NOT NULL,
    "slug" VARCHAR(120) NOT NULL,
    "titleEn" VARCHAR(200) NOT NULL,
    "titleZh" VARCHAR(200) NOT NULL,
    "summaryEn" VARCHAR(300) NOT NULL,
    "summaryZh" VARCHAR(300) NOT NULL,
    "detailEn" TEXT NOT NULL,
    "detailZh" TEXT NOT NULL,
    "coverId" VARCHAR(32),
    "status" "NewsStatus" NOT NULL DEFAULT 'DRAFT',
    "publishAt" TIMESTAMP(3),
    "views" INTEGER NOT NULL DEFAULT 0,
    "authorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "News_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsView" (
    "newsId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "visitor" VARCHAR(64) NOT NULL,

    CONSTRAINT "NewsView_pkey" PRIMARY KEY ("newsId","day","visitor")
);

-- CreateTable
CREATE TABLE "DownloadItem" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "content" TEXT NOT NULL,
    "downloadUrl" VARCHAR(500),
    "fileId" VARCHAR(32),
    "verifyCode" VARCHAR(300),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "creatorId" INTEGER NOT NULL,
    "creatorName" VARCHAR(50) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DownloadItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DownloadLog" (
    "id" SERIAL NOT NULL,
    "itemId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "ok" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DownloadLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "News_status_publishAt_id_idx" ON "News"("status", "publishAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "News_updatedAt_id_idx" ON "News"("updatedAt", "id");

-- CreateIndex
CREATE INDEX "NewsView_day_idx" ON "NewsView"("day");

-- CreateIndex
CREATE INDEX "DownloadItem_enabled_createdAt_id_idx" ON "DownloadItem"("enabled", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "DownloadLog_itemId_createdAt_idx" ON "DownloadLog"("itemId", "createdAt");

-- CreateIndex
CREATE INDEX "DownloadLog_userId_ok_createdAt_idx" ON "DownloadLog"("userId", "ok", "createdAt");

-- AddForeignKey
ALTER TABLE "News" ADD CONSTRAINT "News_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsView" ADD CONSTRAINT "NewsView_newsId_fkey" FOREIGN KEY ("newsId") REFERENCES "News"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadItem" ADD CONSTRAINT "DownloadItem_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadLog" ADD CONSTRAINT "DownloadLog_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "DownloadItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DownloadLog" ADD CONSTRAINT "DownloadLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
