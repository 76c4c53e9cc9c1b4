-- AlterTable
ALTER TABLE "SmsMessage" ADD COLUMN     "maskAt" TIMESTAMP(3),
ADD COLUMN     "maskedContent" VARCHAR(500);

-- CreateIndex
CREATE INDEX "SmsMessage_maskAt_idx" ON "SmsMessage"("maskAt");

-- Messages recorded before this change hold their codes in clear (4 to 8 digits, the only
-- run of 4 or more digits in a verification text). They are masked now: they are past their
-- lifetime or will be within minutes, and a new code can always be requested.
UPDATE "SmsMessage" SET "content" = regexp_replace("content", '[0-9]{4,}', '******', 'g') WHERE "content" ~ '[0-9]{4,}';
