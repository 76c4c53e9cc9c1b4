// Global setup of the vitest "integration" project: DATABASE_URL when set (migrations applied),
// otherwise a fresh embedded PostgreSQL at data/test-postgres, migrated and seeded like
// `npm test` does. Workers are forked after this runs, so they inherit DATABASE_URL.
import { applyMigrations } from "./migrations";
import { TEST_DATA_DIR } from "./paths";
import { prepareDatabase } from "./stack";

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    await applyMigrations(process.env.DATABASE_URL);
    return async () => {};
  }
  const db = await prepareDatabase({ dataDir: TEST_DATA_DIR, fresh: true, durable: false, demo: true });
  process.env.DATABASE_URL = db.url;
  return async () => {
    await db.stop();
    delete process.env.DATABASE_URL;
  };
}
