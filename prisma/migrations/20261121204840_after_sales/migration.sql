-- CreateEnum
CREATE TYPE "SalesReturnStatus" AS ENUM ('SUBMITTED', 'APPROVED', 'REJECTED', 'SHIPPED', 'RECEIVED', 'COMPLETED');

-- CreateEnum
CREATE TYPE "ReturnBatchStatus" AS ENUM ('SHIPPED', 'RECEIVED', 'COMPLETED');

-- CreateEnum
CREATE TYPE "ComplaintStatus" AS ENUM ('SUBMITTED', 'PROCESSING', 'REPLIED', 'CLOSED');

-- CreateTable
CREATE TABLE "SalesReturn" (
    "id" SERIAL NOT NULL,
    "returnNo" VARCHAR(32) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "status" "SalesReturnStatus" NOT NULL DEFAULT 'SUBMITTED',
    "returnType" VARCHAR(32) NOT NULL,
    "goodsId" INTEGER,
    "orderId" INTEGER,
    "materialCode" VARCHAR(40),
    "materialName" VARCHAR(120) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "faultQuantity" INTEGER NOT NULL,
    "dealType" VARCHAR(20) NOT NULL,
    "dealTypeDone" VARCHAR(20),
    "vin" CHAR(17),
    "buyer" VARCHAR(50),
    "buyDate" DATE,
    "saleDate" DATE,
    "description" VARCHAR(1000) NOT NULL,
    "rejectReason" VARCHAR(500),
    "batchId" INTEGER,
    "creatorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SalesReturn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReturnBatch" (
    "id" SERIAL NOT NULL,
    "batchNo" VARCHAR(32) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "status" "ReturnBatchStatus" NOT NULL DEFAULT 'SHIPPED',
    "shippingAddress" VARCHAR(300) NOT NULL,
    "deliveryWay" VARCHAR(32) NOT NULL,
    "carNo" VARCHAR(20),
    "contactPhone" VARCHAR(20) NOT NULL,
    "logisticsCompany" VARCHAR(100),
    "logisticsNo" VARCHAR(50),
    "creatorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReturnBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Complaint" (
    "id" SERIAL NOT NULL,
    "complaintNo" VARCHAR(32) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "status" "ComplaintStatus" NOT NULL DEFAULT 'SUBMITTED',
    "vin" CHAR(17),
    "category" VARCHAR(32),
    "description" VARCHAR(2000) NOT NULL,
    "questionNote" VARCHAR(1000),
    "appealNote" VARCHAR(2000),
    "handlerId" INTEGER,
    "creatorId" INTEGER NOT NULL,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Complaint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ComplaintMessage" (
    "id" SERIAL NOT NULL,
    "complaintId" INTEGER NOT NULL,
    "side" VARCHAR(10) NOT NULL,
    "body" VARCHAR(2000) NOT NULL,
    "authorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ComplaintMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SalesReturn_returnNo_key" ON "SalesReturn"("returnNo");

-- CreateIndex
CREATE INDEX "SalesReturn_companyId_createdAt_id_idx" ON "SalesReturn"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "SalesReturn_companyId_status_createdAt_idx" ON "SalesReturn"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "SalesReturn_status_createdAt_id_idx" ON "SalesReturn"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "SalesReturn_batchId_idx" ON "SalesReturn"("batchId");

-- CreateIndex
CREATE INDEX "SalesReturn_vin_idx" ON "SalesReturn"("vin");

-- CreateIndex
CREATE UNIQUE INDEX "ReturnBatch_batchNo_key" ON "ReturnBatch"("batchNo");

-- CreateIndex
CREATE INDEX "ReturnBatch_companyId_createdAt_id_idx" ON "ReturnBatch"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ReturnBatch_createdAt_id_idx" ON "ReturnBatch"("createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Complaint_complaintNo_key" ON "Complaint"("complaintNo");

-- CreateIndex
CREATE INDEX "Complaint_companyId_createdAt_id_idx" ON "Complaint"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Complaint_companyId_status_createdAt_idx" ON "Complaint"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Complaint_status_createdAt_id_idx" ON "Complaint"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ComplaintMessage_complaintId_id_idx" ON "ComplaintMessage"("complaintId", "id");

-- AddForeignKey
ALTER TABLE "SalesReturn" ADD CONSTRAINT "SalesReturn_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReturn" ADD CONSTRAINT "SalesReturn_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReturn" ADD CONSTRAINT "SalesReturn_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "ReturnBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReturn" ADD CONSTRAINT "SalesReturn_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturnBatch" ADD CONSTRAINT "ReturnBatch_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturnBatch" ADD CONSTRAINT "ReturnBatch_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_handlerId_fkey" FOREIGN KEY ("handlerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ComplaintMessage" ADD CONSTRAINT "ComplaintMessage_complaintId_fkey" FOREIGN KEY ("complaintId") REFERENCES "Complaint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ComplaintMessage" ADD CONSTRAINT "ComplaintMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
