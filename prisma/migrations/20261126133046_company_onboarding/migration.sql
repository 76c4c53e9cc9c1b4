-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "address" VARCHAR(200),
ADD COLUMN     "disabledAt" TIMESTAMPTZ(3),
ADD COLUMN     "licenseNo" VARCHAR(18);

-- CreateIndex
CREATE UNIQUE INDEX "Company_licenseNo_key" ON "Company"("licenseNo");
