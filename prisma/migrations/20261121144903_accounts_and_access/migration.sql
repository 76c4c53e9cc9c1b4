-- CreateEnum
CREATE TYPE "VerificationScene" AS ENUM ('REGISTER', 'RESET_PASSWORD');

-- CreateEnum
CREATE TYPE "LoginResult" AS ENUM ('SUCCESS', 'FAILURE');

-- CreateEnum
CREATE TYPE "SmsStatus" AS ENUM ('SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "VariableType" AS ENUM ('NUMBER', 'TEXT', 'BOOLEAN', 'JSON');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "approvedAt" TIMESTAMP(3),
ADD COLUMN     "approvedById" INTEGER,
ADD COLUMN     "failedLogins" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "jobId" INTEGER,
ADD COLUMN     "lastLoginAt" TIMESTAMP(3),
ADD COLUMN     "lockedUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Job" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "nameEn" VARCHAR(100) NOT NULL,
    "nameZh" VARCHAR(100) NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoleOrganization" (
    "roleId" INTEGER NOT NULL,
    "organizationId" INTEGER NOT NULL,

    CONSTRAINT "RoleOrganization_pkey" PRIMARY KEY ("roleId","organizationId")
);

-- CreateTable
CREATE TABLE "VerificationCode" (
    "id" SERIAL NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "scene" "VerificationScene" NOT NULL,
    "codeHash" VARCHAR(100) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "consumedAt" TIMESTAMP(3),
    "ip" VARCHAR(64),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VerificationCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsMessage" (
    "id" SERIAL NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "scene" VARCHAR(32) NOT NULL,
    "content" VARCHAR(500) NOT NULL,
    "sender" VARCHAR(20) NOT NULL,
    "status" "SmsStatus" NOT NULL,
    "error" VARCHAR(500),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginLog" (
    "id" SERIAL NOT NULL,
    "account" VARCHAR(50) NOT NULL,
    "userId" INTEGER,
    "companyId" INTEGER,
    "result" "LoginResult" NOT NULL,
    "reason" VARCHAR(50) NOT NULL,
    "ip" VARCHAR(64),
    "userAgent" VARCHAR(500),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SystemVariableDefault" (
    "key" VARCHAR(100) NOT NULL,
    "type" "VariableType" NOT NULL,
    "value" VARCHAR(2000) NOT NULL,
    "descriptionEn" VARCHAR(300) NOT NULL,
    "descriptionZh" VARCHAR(300) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SystemVariableDefault_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "SystemVariable" (
    "id" SERIAL NOT NULL,
    "key" VARCHAR(100) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "value" VARCHAR(2000) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SystemVariable_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Job_code_key" ON "Job"("code");

-- CreateIndex
CREATE INDEX "RoleOrganization_organizationId_idx" ON "RoleOrganization"("organizationId");

-- CreateIndex
CREATE INDEX "VerificationCode_phone_scene_createdAt_idx" ON "VerificationCode"("phone", "scene", "createdAt");

-- CreateIndex
CREATE INDEX "VerificationCode_ip_createdAt_idx" ON "VerificationCode"("ip", "createdAt");

-- CreateIndex
CREATE INDEX "SmsMessage_createdAt_idx" ON "SmsMessage"("createdAt");

-- CreateIndex
CREATE INDEX "SmsMessage_phone_createdAt_idx" ON "SmsMessage"("phone", "createdAt");

-- CreateIndex
CREATE INDEX "LoginLog_createdAt_idx" ON "LoginLog"("createdAt");

-- CreateIndex
CREATE INDEX "LoginLog_account_createdAt_idx" ON "LoginLog"("account", "createdAt");

-- CreateIndex
CREATE INDEX "LoginLog_result_createdAt_idx" ON "LoginLog"("result", "createdAt");

-- CreateIndex
CREATE INDEX "LoginLog_ip_createdAt_idx" ON "LoginLog"("ip", "createdAt");

-- CreateIndex
CREATE INDEX "SystemVariable_companyId_idx" ON "SystemVariable"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "SystemVariable_key_companyId_key" ON "SystemVariable"("key", "companyId");

-- CreateIndex
CREATE INDEX "User_jobId_idx" ON "User"("jobId");

-- CreateIndex
CREATE INDEX "User_status_createdAt_idx" ON "User"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoleOrganization" ADD CONSTRAINT "RoleOrganization_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoleOrganization" ADD CONSTRAINT "RoleOrganization_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoginLog" ADD CONSTRAINT "LoginLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SystemVariable" ADD CONSTRAINT "SystemVariable_key_fkey" FOREIGN KEY ("key") REFERENCES "SystemVariableDefault"("key") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SystemVariable" ADD CONSTRAINT "SystemVariable_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
