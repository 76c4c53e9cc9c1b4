-- CreateEnum
CREATE TYPE "WarehouseType" AS ENUM ('VEHICLE', 'PARTS', 'MIXED');

-- CreateEnum
CREATE TYPE "WmsDocType" AS ENUM ('ENTRY', 'DELIVERY', 'MOVE', 'TRANSFER', 'STOCKTAKE');

-- CreateEnum
CREATE TYPE "WmsDocStatus" AS ENUM ('DRAFT', 'COUNTING', 'IN_TRANSIT', 'POSTED', 'RECEIVED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "StocktakeCycle" AS ENUM ('WEEKLY', 'MONTHLY', 'QUARTERLY');

-- AlterTable
ALTER TABLE "Vehicle" ADD COLUMN     "locationId" INTEGER,
ADD COLUMN     "warehouseId" INTEGER;

-- CreateTable
CREATE TABLE "Warehouse" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "type" "WarehouseType" NOT NULL DEFAULT 'MIXED',
    "address" VARCHAR(200),
    "keeper" VARCHAR(50),
    "phone" VARCHAR(20),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Warehouse_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WarehouseLocation" (
    "id" SERIAL NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "name" VARCHAR(100),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WarehouseLocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockOnHand" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "reserved" INTEGER NOT NULL DEFAULT 0,
    "value" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "firstInAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StockOnHand_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockLedger" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "vehicleId" INTEGER,
    "quantity" INTEGER NOT NULL,
    "unitCost" DECIMAL(14,2) NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "balance" INTEGER NOT NULL,
    "documentId" INTEGER NOT NULL,
    "userId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockLedger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WmsDocument" (
    "id" SERIAL NOT NULL,
    "docNo" VARCHAR(32) NOT NULL,
    "type" "WmsDocType" NOT NULL,
    "status" "WmsDocStatus" NOT NULL DEFAULT 'DRAFT',
    "companyId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "source" VARCHAR(20) NOT NULL,
    "orderId" INTEGER,
    "vehicleSaleId" INTEGER,
    "toCompanyId" INTEGER,
    "toWarehouseId" INTEGER,
    "scopeLocationIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "scopeGoodsIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "showBook" BOOLEAN NOT NULL DEFAULT false,
    "frozenAt" TIMESTAMPTZ(3),
    "planId" INTEGER,
    "posId" INTEGER,
    "customerName" VARCHAR(50),
    "customerPhone" VARCHAR(20),
    "paymentMethod" VARCHAR(32),
    "amount" DECIMAL(14,2),
    "assigneeId" INTEGER,
    "remark" VARCHAR(500),
    "createdById" INTEGER NOT NULL,
    "postedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WmsDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WmsDocumentLine" (
    "id" SERIAL NOT NULL,
    "documentId" INTEGER NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "vehicleId" INTEGER,
    "quantity" INTEGER NOT NULL,
    "fromLocationId" INTEGER,
    "toLocationId" INTEGER,
    "unitCost" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "price" DECIMAL(14,2),
    "receivedQty" INTEGER,
    "countedQty" INTEGER,
    "remark" VARCHAR(200),

    CONSTRAINT "WmsDocumentLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockMinimum" (
    "companyId" INTEGER NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "minQty" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StockMinimum_pkey" PRIMARY KEY ("companyId","goodsId")
);

-- CreateTable
CREATE TABLE "PointOfSale" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "address" VARCHAR(200),
    "contact" VARCHAR(50),
    "phone" VARCHAR(20),
    "warehouseId" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PointOfSale_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StocktakePlan" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "scopeLocationIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "scopeGoodsIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "cycle" "StocktakeCycle" NOT NULL,
    "nextDate" DATE NOT NULL,
    "assigneeId" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastRunAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StocktakePlan_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Warehouse_companyId_createdAt_id_idx" ON "Warehouse"("companyId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Warehouse_companyId_code_key" ON "Warehouse"("companyId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "WarehouseLocation_warehouseId_code_key" ON "WarehouseLocation"("warehouseId", "code");

-- CreateIndex
CREATE INDEX "StockOnHand_companyId_createdAt_id_idx" ON "StockOnHand"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "StockOnHand_companyId_goodsId_idx" ON "StockOnHand"("companyId", "goodsId");

-- CreateIndex
CREATE INDEX "StockOnHand_warehouseId_goodsId_idx" ON "StockOnHand"("warehouseId", "goodsId");

-- CreateIndex
CREATE UNIQUE INDEX "StockOnHand_locationId_goodsId_key" ON "StockOnHand"("locationId", "goodsId");

-- CreateIndex
CREATE INDEX "StockLedger_companyId_goodsId_createdAt_id_idx" ON "StockLedger"("companyId", "goodsId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "StockLedger_companyId_createdAt_id_idx" ON "StockLedger"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "StockLedger_locationId_goodsId_id_idx" ON "StockLedger"("locationId", "goodsId", "id");

-- CreateIndex
CREATE INDEX "StockLedger_documentId_idx" ON "StockLedger"("documentId");

-- CreateIndex
CREATE INDEX "StockLedger_vehicleId_idx" ON "StockLedger"("vehicleId");

-- CreateIndex
CREATE UNIQUE INDEX "WmsDocument_docNo_key" ON "WmsDocument"("docNo");

-- CreateIndex
CREATE UNIQUE INDEX "WmsDocument_orderId_key" ON "WmsDocument"("orderId");

-- CreateIndex
CREATE INDEX "WmsDocument_companyId_type_createdAt_id_idx" ON "WmsDocument"("companyId", "type", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "WmsDocument_toCompanyId_type_createdAt_id_idx" ON "WmsDocument"("toCompanyId", "type", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "WmsDocument_type_createdAt_id_idx" ON "WmsDocument"("type", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "WmsDocument_posId_createdAt_idx" ON "WmsDocument"("posId", "createdAt");

-- CreateIndex
CREATE INDEX "WmsDocument_vehicleSaleId_idx" ON "WmsDocument"("vehicleSaleId");

-- CreateIndex
CREATE INDEX "WmsDocumentLine_documentId_id_idx" ON "WmsDocumentLine"("documentId", "id");

-- CreateIndex
CREATE INDEX "WmsDocumentLine_vehicleId_idx" ON "WmsDocumentLine"("vehicleId");

-- CreateIndex
CREATE UNIQUE INDEX "PointOfSale_companyId_code_key" ON "PointOfSale"("companyId", "code");

-- CreateIndex
CREATE INDEX "StocktakePlan_companyId_createdAt_id_idx" ON "StocktakePlan"("companyId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "StocktakePlan_enabled_nextDate_idx" ON "StocktakePlan"("enabled", "nextDate");

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "WarehouseLocation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Warehouse" ADD CONSTRAINT "Warehouse_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WarehouseLocation" ADD CONSTRAINT "WarehouseLocation_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockOnHand" ADD CONSTRAINT "StockOnHand_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockOnHand" ADD CONSTRAINT "StockOnHand_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "WarehouseLocation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockOnHand" ADD CONSTRAINT "StockOnHand_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockLedger" ADD CONSTRAINT "StockLedger_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockLedger" ADD CONSTRAINT "StockLedger_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockLedger" ADD CONSTRAINT "StockLedger_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "WmsDocument"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_toCompanyId_fkey" FOREIGN KEY ("toCompanyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_toWarehouseId_fkey" FOREIGN KEY ("toWarehouseId") REFERENCES "Warehouse"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_planId_fkey" FOREIGN KEY ("planId") REFERENCES "StocktakePlan"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_posId_fkey" FOREIGN KEY ("posId") REFERENCES "PointOfSale"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocument" ADD CONSTRAINT "WmsDocument_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocumentLine" ADD CONSTRAINT "WmsDocumentLine_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "WmsDocument"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocumentLine" ADD CONSTRAINT "WmsDocumentLine_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WmsDocumentLine" ADD CONSTRAINT "WmsDocumentLine_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMinimum" ADD CONSTRAINT "StockMinimum_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PointOfSale" ADD CONSTRAINT "PointOfSale_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PointOfSale" ADD CONSTRAINT "PointOfSale_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StocktakePlan" ADD CONSTRAINT "StocktakePlan_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StocktakePlan" ADD CONSTRAINT "StocktakePlan_warehouseId_fkey" FOREIGN KEY ("warehouseId") REFERENCES "Warehouse"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StocktakePlan" ADD CONSTRAINT "StocktakePlan_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Stock never goes below zero and never reserves more than is there: the conditional updates
-- in lib/wms/ledger.ts refuse first, these make any other path fail too.
ALTER TABLE "StockOnHand" ADD CONSTRAINT "StockOnHand_quantity_check" CHECK ("quantity" >= 0);
ALTER TABLE "StockOnHand" ADD CONSTRAINT "StockOnHand_reserved_check" CHECK ("reserved" >= 0 AND "reserved" <= "quantity");
ALTER TABLE "StockMinimum" ADD CONSTRAINT "StockMinimum_minQty_check" CHECK ("minQty" >= 0);
-- One default warehouse per company (the one made on its first entry).
CREATE UNIQUE INDEX "Warehouse_companyId_default_key" ON "Warehouse" ("companyId") WHERE "isDefault";
