import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMigration } from "../lib/migrations";
import { MIGRATIONS_DIR, SCHEMA_PATH } from "../lib/paths";
import { embeddedEnv, runScript, scratchPostgres } from "../lib/test-helpers";

// Always work on a copy: a failing run must not leave a migration in prisma/migrations.
const copies: string[] = [];
function copyOfMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-migrations-"));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  copies.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const entries = (dir: string) => fs.readdirSync(dir).sort();

describe("db:migration:new", () => {
  it("reports no changes for the current schema (CLI, in-memory PGlite shadow)", async () => {
    const dir = copyOfMigrations();
    const before = entries(dir);
    const out = await runScript("scripts/db/new-migration.ts", ["probe", "--dir", dir], embeddedEnv());
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain("no changes");
    expect(entries(dir)).toEqual(before);
  });

  it("reports no changes with a shadow database on PostgreSQL", async ({ skip }) => {
    const scratch = await scratchPostgres("newmig");
    if (!scratch) return skip("DATABASE_URL does not point at PostgreSQL");
    await scratch.drop(); // only needed to know the server is PostgreSQL
    expect(await createMigration("probe", { dir: copyOfMigrations(), serverUrl: process.env.DATABASE_URL })).toBeNull();
  });

  it("writes a migration for a schema change, and nothing on the next run", async () => {
    const dir = copyOfMigrations();
    const schema = `${fs.readFileSync(SCHEMA_PATH, "utf8")}\nmodel ProbeOnly {\n  id Int @id\n}\n`;
    const created = await createMigration("add probe", { dir, schema });
    expect(created?.name).toMatch(/^\d{14}_add_probe$/);
    expect(fs.readFileSync(created!.file, "utf8")).toContain('CREATE TABLE "ProbeOnly"');
    expect(fs.readFileSync(path.join(dir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
    expect(await createMigration("again", { dir, schema })).toBeNull();
  });
});
