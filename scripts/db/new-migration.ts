// npm run db:migration:new -- <name> — writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that takes the existing migrations to prisma/schema.prisma, or prints
// "no changes". Works offline: the migrations are replayed on scratch databases of the
// DATABASE_URL server when set, otherwise of the embedded PostgreSQL (started for the run and
// stopped after, unless it already runs). --dir: another migrations folder.
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase } from "../lib/database";
import { createMigration } from "../lib/migrations";
import { MIGRATIONS_DIR, ROOT } from "../lib/paths";
import { main, onCleanup } from "../lib/proc";

main(async () => {
  const { values, positionals } = parseArgs({ options: { dir: { type: "string" } }, allowPositionals: true });
  const name = positionals.join("_");
  if (!name) {
    console.error("usage: npm run db:migration:new -- <name>");
    return 2;
  }
  const dir = path.resolve(values.dir ?? MIGRATIONS_DIR);
  const db = await ensureDatabase();
  onCleanup(db.stop);
  const created = await createMigration(name, { dir, serverUrl: db.url });
  if (!created) console.log(`no changes: ${path.relative(ROOT, dir)} already matches prisma/schema.prisma`);
  else console.log(`created ${path.relative(ROOT, created.file)}\napply it with: npm run db:migrate`);
});
