-- CreateEnum
CREATE TYPE "GoodsKind" AS ENUM ('VEHICLE', 'PART', 'DERIVATIVE');

-- CreateEnum
CREATE TYPE "OrderType" AS ENUM ('VEHICLE', 'PARTS');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('SUBMITTED', 'CONFIRMED', 'SHIPPED', 'COMPLETED', 'CANCELLED', 'REJECTED');

-- CreateEnum
CREATE TYPE "PreOrderStatus" AS ENUM ('SUBMITTED', 'CONFIRMED', 'CONVERTED', 'CANCELLED', 'REJECTED');

-- CreateEnum
CREATE TYPE "VehicleStatus" AS ENUM ('FACTORY_STOCK', 'ALLOCATED', 'IN_TRANSIT', 'IN_STOCK', 'SOLD');

-- CreateTable
CREATE TABLE "CarGroup" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "nameEn" VARCHAR(100) NOT NULL,
    "nameZh" VARCHAR(100) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CarGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VehicleModel" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "carGroupId" INTEGER NOT NULL,
    "nameEn" VARCHAR(100) NOT NULL,
    "nameZh" VARCHAR(100) NOT NULL,
    "warrantyMonths" INTEGER,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VehicleModel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Goods" (
    "id" SERIAL NOT NULL,
    "kind" "GoodsKind" NOT NULL,
    "code" VARCHAR(40) NOT NULL,
    "nameEn" VARCHAR(120) NOT NULL,
    "nameZh" VARCHAR(120) NOT NULL,
    "carGroupId" INTEGER,
    "vehicleModelId" INTEGER,
    "config" VARCHAR(200),
    "specification" VARCHAR(200),
    "price" DECIMAL(14,2) NOT NULL,
    "stock" INTEGER NOT NULL DEFAULT 0,
    "minOrderQty" INTEGER NOT NULL DEFAULT 1,
    "onSale" BOOLEAN NOT NULL DEFAULT false,
    "remark" VARCHAR(1000),
    "coverId" VARCHAR(32),
    "sort" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Goods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CartLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "remark" VARCHAR(200),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CartLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" SERIAL NOT NULL,
    "orderNo" VARCHAR(32) NOT NULL,
    "type" "OrderType" NOT NULL,
    "companyId" INTEGER NOT NULL,
    "status" "OrderStatus" NOT NULL DEFAULT 'SUBMITTED',
    "quantity" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "paidAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "phone" VARCHAR(20) NOT NULL,
    "deliveryWay" VARCHAR(32) NOT NULL,
    "carrierType" VARCHAR(32),
    "secondaryDestination" VARCHAR(200),
    "factoryName" VARCHAR(100),
    "addressId" INTEGER,
    "receiver" VARCHAR(50) NOT NULL,
    "receiverPhone" VARCHAR(20) NOT NULL,
    "regionAreaId" INTEGER,
    "address" VARCHAR(400) NOT NULL,
    "remark" VARCHAR(500),
    "creatorId" INTEGER NOT NULL,
    "idempotencyKey" VARCHAR(64),
    "rejectReason" VARCHAR(500),
    "cancelReason" VARCHAR(500),
    "logisticsCompany" VARCHAR(100),
    "logisticsNo" VARCHAR(64),
    "confirmedAt" TIMESTAMP(3),
    "shippedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "dealerDeleted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderLine" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "kind" "GoodsKind" NOT NULL,
    "nameEn" VARCHAR(120) NOT NULL,
    "nameZh" VARCHAR(120) NOT NULL,
    "config" VARCHAR(200),
    "specification" VARCHAR(200),
    "coverId" VARCHAR(32),
    "price" DECIMAL(14,2) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "remark" VARCHAR(200),

    CONSTRAINT "OrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StatusEvent" (
    "id" SERIAL NOT NULL,
    "entity" VARCHAR(32) NOT NULL,
    "entityId" INTEGER NOT NULL,
    "fromStatus" VARCHAR(32),
    "toStatus" VARCHAR(32) NOT NULL,
    "note" VARCHAR(500),
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StatusEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "paidOn" DATE NOT NULL,
    "method" VARCHAR(32) NOT NULL,
    "reference" VARCHAR(100),
    "remark" VARCHAR(300),
    "recordedById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PreOrder" (
    "id" SERIAL NOT NULL,
    "preOrderNo" VARCHAR(32) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "nameEn" VARCHAR(120) NOT NULL,
    "nameZh" VARCHAR(120) NOT NULL,
    "config" VARCHAR(200),
    "coverId" VARCHAR(32),
    "price" DECIMAL(14,2) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "status" "PreOrderStatus" NOT NULL DEFAULT 'SUBMITTED',
    "phone" VARCHAR(20) NOT NULL,
    "deliveryWay" VARCHAR(32) NOT NULL,
    "carrierType" VARCHAR(32),
    "secondaryDestination" VARCHAR(200),
    "addressId" INTEGER,
    "receiver" VARCHAR(50) NOT NULL,
    "receiverPhone" VARCHAR(20) NOT NULL,
    "regionAreaId" INTEGER,
    "address" VARCHAR(400) NOT NULL,
    "remark" VARCHAR(500),
    "creatorId" INTEGER NOT NULL,
    "expectedDate" DATE,
    "rejectReason" VARCHAR(500),
    "orderId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PreOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Vehicle" (
    "id" SERIAL NOT NULL,
    "vin" CHAR(17) NOT NULL,
    "goodsId" INTEGER NOT NULL,
    "vehicleModelId" INTEGER NOT NULL,
    "colour" VARCHAR(50),
    "status" "VehicleStatus" NOT NULL DEFAULT 'FACTORY_STOCK',
    "companyId" INTEGER,
    "orderId" INTEGER,
    "entryAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sendDate" TIMESTAMP(3),
    "sendOrderNo" VARCHAR(32),
    "marketDate" TIMESTAMP(3),
    "warrantyStart" DATE,
    "warrantyEnd" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Vehicle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VehicleEvent" (
    "id" SERIAL NOT NULL,
    "vehicleId" INTEGER NOT NULL,
    "fromStatus" "VehicleStatus",
    "toStatus" "VehicleStatus" NOT NULL,
    "companyId" INTEGER,
    "orderId" INTEGER,
    "note" VARCHAR(300),
    "userId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VehicleEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "event" VARCHAR(64) NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "content" VARCHAR(1000) NOT NULL,
    "link" VARCHAR(300),
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CarGroup_code_key" ON "CarGroup"("code");

-- CreateIndex
CREATE INDEX "CarGroup_sort_id_idx" ON "CarGroup"("sort", "id");

-- CreateIndex
CREATE UNIQUE INDEX "VehicleModel_code_key" ON "VehicleModel"("code");

-- CreateIndex
CREATE INDEX "VehicleModel_carGroupId_sort_idx" ON "VehicleModel"("carGroupId", "sort");

-- CreateIndex
CREATE UNIQUE INDEX "Goods_code_key" ON "Goods"("code");

-- CreateIndex
CREATE INDEX "Goods_kind_onSale_sort_id_idx" ON "Goods"("kind", "onSale", "sort", "id");

-- CreateIndex
CREATE INDEX "Goods_kind_carGroupId_onSale_sort_id_idx" ON "Goods"("kind", "carGroupId", "onSale", "sort", "id");

-- CreateIndex
CREATE INDEX "Goods_vehicleModelId_idx" ON "Goods"("vehicleModelId");

-- CreateIndex
CREATE INDEX "CartLine_companyId_userId_updatedAt_idx" ON "CartLine"("companyId", "userId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CartLine_companyId_userId_goodsId_key" ON "CartLine"("companyId", "userId", "goodsId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_orderNo_key" ON "Order"("orderNo");

-- CreateIndex
CREATE INDEX "Order_companyId_type_dealerDeleted_createdAt_id_idx" ON "Order"("companyId", "type", "dealerDeleted", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Order_type_status_createdAt_id_idx" ON "Order"("type", "status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Order_type_createdAt_id_idx" ON "Order"("type", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Order_creatorId_idx" ON "Order"("creatorId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_companyId_idempotencyKey_key" ON "Order"("companyId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "OrderLine_orderId_idx" ON "OrderLine"("orderId");

-- CreateIndex
CREATE INDEX "OrderLine_goodsId_idx" ON "OrderLine"("goodsId");

-- CreateIndex
CREATE INDEX "StatusEvent_entity_entityId_id_idx" ON "StatusEvent"("entity", "entityId", "id");

-- CreateIndex
CREATE INDEX "Payment_orderId_id_idx" ON "Payment"("orderId", "id");

-- CreateIndex
CREATE INDEX "Payment_paidOn_idx" ON "Payment"("paidOn");

-- CreateIndex
CREATE UNIQUE INDEX "PreOrder_preOrderNo_key" ON "PreOrder"("preOrderNo");

-- CreateIndex
CREATE UNIQUE INDEX "PreOrder_orderId_key" ON "PreOrder"("orderId");

-- CreateIndex
CREATE INDEX "PreOrder_companyId_createdAt_id_idx" ON "PreOrder"("companyId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "PreOrder_status_createdAt_id_idx" ON "PreOrder"("status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "PreOrder_goodsId_idx" ON "PreOrder"("goodsId");

-- CreateIndex
CREATE UNIQUE INDEX "Vehicle_vin_key" ON "Vehicle"("vin");

-- CreateIndex
CREATE INDEX "Vehicle_goodsId_status_entryAt_id_idx" ON "Vehicle"("goodsId", "status", "entryAt", "id");

-- CreateIndex
CREATE INDEX "Vehicle_companyId_status_entryAt_idx" ON "Vehicle"("companyId", "status", "entryAt");

-- CreateIndex
CREATE INDEX "Vehicle_orderId_idx" ON "Vehicle"("orderId");

-- CreateIndex
CREATE INDEX "Vehicle_vehicleModelId_idx" ON "Vehicle"("vehicleModelId");

-- CreateIndex
CREATE INDEX "VehicleEvent_vehicleId_id_idx" ON "VehicleEvent"("vehicleId", "id");

-- CreateIndex
CREATE INDEX "Notification_userId_readAt_id_idx" ON "Notification"("userId", "readAt", "id");

-- CreateIndex
CREATE INDEX "Notification_userId_id_idx" ON "Notification"("userId", "id");

-- AddForeignKey
ALTER TABLE "VehicleModel" ADD CONSTRAINT "VehicleModel_carGroupId_fkey" FOREIGN KEY ("carGroupId") REFERENCES "CarGroup"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Goods" ADD CONSTRAINT "Goods_carGroupId_fkey" FOREIGN KEY ("carGroupId") REFERENCES "CarGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Goods" ADD CONSTRAINT "Goods_vehicleModelId_fkey" FOREIGN KEY ("vehicleModelId") REFERENCES "VehicleModel"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_regionAreaId_fkey" FOREIGN KEY ("regionAreaId") REFERENCES "RegionArea"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreOrder" ADD CONSTRAINT "PreOrder_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreOrder" ADD CONSTRAINT "PreOrder_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreOrder" ADD CONSTRAINT "PreOrder_regionAreaId_fkey" FOREIGN KEY ("regionAreaId") REFERENCES "RegionArea"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreOrder" ADD CONSTRAINT "PreOrder_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreOrder" ADD CONSTRAINT "PreOrder_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_goodsId_fkey" FOREIGN KEY ("goodsId") REFERENCES "Goods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_vehicleModelId_fkey" FOREIGN KEY ("vehicleModelId") REFERENCES "VehicleModel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleEvent" ADD CONSTRAINT "VehicleEvent_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
