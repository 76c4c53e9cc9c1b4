// npm run db:server — runs the embedded PostgreSQL on its own (data/postgres, or
// EMBEDDED_DB_DIR) until Ctrl-C or SIGTERM: for pg_dump, pg_restore or psql while the app is
// stopped. It applies no migration and loads no data, so a dump can be restored into a new,
// empty folder. Reuses the server when npm start already runs it.
import { embeddedDataDir, ensureEmbeddedDatabase, redact } from "../lib/database";
import { main, onCleanup } from "../lib/proc";

main(async () => {
  const db = await ensureEmbeddedDatabase();
  onCleanup(db.stop);
  console.log(`\n  embedded PostgreSQL: ${redact(db.url)}   (data: ${embeddedDataDir()})`);
  console.log("  npm run -s db:url prints the URL with its password; Ctrl-C stops the server\n");
  // Until a signal: main() then stops the server. The timer keeps the event loop alive.
  await new Promise(() => setInterval(() => {}, 1 << 30));
});
