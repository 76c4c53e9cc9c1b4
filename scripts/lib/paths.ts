import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");
export const DEFAULT_DATA_DIR = path.join(ROOT, "data/pglite");
export const TEST_DATA_DIR = path.join(ROOT, "data/test-pglite");
export const GENERATED_CLIENT_DIR = path.join(ROOT, "lib/generated/prisma");
