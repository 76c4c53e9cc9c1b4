-- CreateTable
CREATE TABLE "VehicleSale" (
    "id" SERIAL NOT NULL,
    "vehicleId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "soldAt" TIMESTAMP(3) NOT NULL,
    "ownerName" VARCHAR(50) NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "age" INTEGER,
    "sex" VARCHAR(20),
    "birthday" DATE,
    "idType" VARCHAR(20) NOT NULL,
    "idNumberSealed" TEXT NOT NULL,
    "idNumberMasked" VARCHAR(40) NOT NULL,
    "warrantyStart" DATE NOT NULL,
    "warrantyEnd" DATE NOT NULL,
    "warrantyMonths" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "returnedAt" TIMESTAMP(3),
    "returnReason" VARCHAR(500),
    "returnedById" INTEGER,
    "returnRecordedAt" TIMESTAMP(3),

    CONSTRAINT "VehicleSale_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VehicleSale_companyId_soldAt_id_idx" ON "VehicleSale"("companyId", "soldAt", "id");

-- CreateIndex
CREATE INDEX "VehicleSale_companyId_returnedAt_id_idx" ON "VehicleSale"("companyId", "returnedAt", "id");

-- CreateIndex
CREATE INDEX "VehicleSale_vehicleId_id_idx" ON "VehicleSale"("vehicleId", "id");

-- AddForeignKey
ALTER TABLE "VehicleSale" ADD CONSTRAINT "VehicleSale_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleSale" ADD CONSTRAINT "VehicleSale_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleSale" ADD CONSTRAINT "VehicleSale_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleSale" ADD CONSTRAINT "VehicleSale_returnedById_fkey" FOREIGN KEY ("returnedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- At most one sale per vehicle that has not been returned: a second concurrent sale of one VIN
-- fails here even if it got past the status check.
CREATE UNIQUE INDEX "VehicleSale_vehicleId_open_key" ON "VehicleSale"("vehicleId") WHERE "returnedAt" IS NULL;
