-- CreateTable
CREATE TABLE "Address" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "receiver" VARCHAR(50) NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "regionAreaId" INTEGER NOT NULL,
    "address" VARCHAR(200) NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Address_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Address_companyId_isDefault_updatedAt_idx" ON "Address"("companyId", "isDefault", "updatedAt");

-- CreateIndex
CREATE INDEX "Address_regionAreaId_idx" ON "Address"("regionAreaId");

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_regionAreaId_fkey" FOREIGN KEY ("regionAreaId") REFERENCES "RegionArea"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
