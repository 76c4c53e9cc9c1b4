import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMigration } from "../lib/migrations";
import { MIGRATIONS_DIR, SCHEMA_PATH } from "../lib/paths";
import { embeddedEnv, processesMentioning, query, removeDataDir, runScript, tempDataDir } from "../lib/test-helpers";

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
  it("reports no changes for the current schema (CLI, shadow databases on the embedded server)", async () => {
    const dir = copyOfMigrations();
    const before = entries(dir);
    const dataDir = tempDataDir("newmig");
    try {
      const out = await runScript("scripts/db/new-migration.ts", ["probe", "--dir", dir], embeddedEnv({ EMBEDDED_DB_DIR: dataDir }));
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toContain("no changes");
      expect(entries(dir)).toEqual(before);
      expect(processesMentioning(dataDir)).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  });

  it("reports no changes with shadow databases on the DATABASE_URL server, and drops them", async () => {
    const server = process.env.DATABASE_URL!;
    const shadows = () => query<{ datname: string }>(server, "select datname from pg_database where datname like 'dp_shadow_%' order by 1");
    const before = await shadows();
    expect(await createMigration("probe", { dir: copyOfMigrations(), serverUrl: server })).toBeNull();
    expect(await shadows()).toEqual(before);
  });

  it("writes a migration for a schema change, and nothing on the next run", async () => {
    const dir = copyOfMigrations();
    const schema = `${fs.readFileSync(SCHEMA_PATH, "utf8")}\nmodel ProbeOnly {\n  id Int @id\n}\n`;
    const serverUrl = process.env.DATABASE_URL!;
    const created = await createMigration("add probe", { dir, schema, serverUrl });
    expect(created?.name).toMatch(/^\d{14}_add_probe$/);
    expect(fs.readFileSync(created!.file, "utf8")).toContain('CREATE TABLE "ProbeOnly"');
    expect(fs.readFileSync(path.join(dir, "migration_lock.toml"), "utf8")).toContain('provider = "postgresql"');
    expect(await createMigration("again", { dir, schema, serverUrl })).toBeNull();
  });
});
