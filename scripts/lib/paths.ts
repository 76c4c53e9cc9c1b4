import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");
/** The embedded PostgreSQL's data of npm start and npm run dev (kept between runs). */
export const DEFAULT_DATA_DIR = path.join(ROOT, "data/postgres");
/** The embedded PostgreSQL of npm test (made anew on every run). */
export const TEST_DATA_DIR = path.join(ROOT, "data/test-postgres");
export const GENERATED_CLIENT_DIR = path.join(ROOT, "lib/generated/prisma");
