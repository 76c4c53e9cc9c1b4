-- AlterEnum
ALTER TYPE "VerificationScene" ADD VALUE 'CHANGE_PHONE';
