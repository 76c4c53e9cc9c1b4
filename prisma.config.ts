import { defineConfig } from "prisma/config";

// Only `prisma generate` uses this file. Migrations run offline through
// scripts/db/migrate.ts, because the CLI's native engine cannot be downloaded here.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
