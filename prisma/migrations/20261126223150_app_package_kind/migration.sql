-- AlterEnum
ALTER TYPE "AttachmentKind" ADD VALUE 'APP_PACKAGE';
