// npm run db:migrate — applies prisma/migrations to DATABASE_URL, or to the embedded PostgreSQL
// (started for the run and stopped after, unless it already runs, e.g. under npm start).
import { ensureDatabase, redact } from "../lib/database";
import { applyMigrations } from "../lib/migrations";
import { main, onCleanup } from "../lib/proc";

main(async () => {
  const db = await ensureDatabase();
  onCleanup(db.stop);
  const applied = await applyMigrations(db.url);
  const where = db.embedded ? `embedded database (${redact(db.url)})` : redact(db.url);
  if (applied.length === 0) console.log(`[db] ${where} is up to date; no migration applied`);
  else console.log(`[db] applied ${applied.length} migration(s) to ${where}:\n${applied.map((n) => `  - ${n}`).join("\n")}`);
});
