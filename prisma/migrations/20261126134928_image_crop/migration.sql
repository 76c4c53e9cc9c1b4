-- CreateTable
CREATE TABLE "ImageCrop" (
    "use" VARCHAR(32) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "aspect" VARCHAR(8) NOT NULL DEFAULT 'FREE',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImageCrop_pkey" PRIMARY KEY ("use")
);
