import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { runningServer } from "../lib/embedded-postgres";
import { applyMigrations, readMigrationList } from "../lib/migrations";
import { embeddedEnv, processesMentioning, query, removeDataDir, runScript, scratchPostgres, tempDataDir } from "../lib/test-helpers";

const expected = readMigrationList().migrationDirectories.map((d) => d.path);

async function appliedRows(url: string) {
  return query<{ migration_name: string; finished: boolean }>(url, "select migration_name, finished_at is not null as finished from _prisma_migrations order by migration_name");
}

describe("db:migrate", () => {
  it("has migrations to apply", () => {
    expect(expected.length).toBeGreaterThan(0);
  });

  it("applies every migration to an empty database, then nothing", async () => {
    const scratch = await scratchPostgres("migrate_api");
    try {
      expect(await applyMigrations(scratch.url)).toEqual(expected);
      const tables = await query<{ n: number }>(scratch.url, "select count(*)::int as n from information_schema.tables where table_schema = 'public'");
      expect(tables[0].n).toBeGreaterThan(1);
      expect(await applyMigrations(scratch.url)).toEqual([]);
      expect(await appliedRows(scratch.url)).toEqual(expected.map((migration_name) => ({ migration_name, finished: true })));
    } finally {
      await scratch.drop();
    }
  });

  it("applies to a scratch database through the CLI, then reports up to date", async () => {
    const scratch = await scratchPostgres("migrate");
    try {
      const env = { ...process.env, DATABASE_URL: scratch.url };
      const first = await runScript("scripts/db/migrate.ts", [], env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain(`applied ${expected.length} migration(s)`);
      const second = await runScript("scripts/db/migrate.ts", [], env);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain("no migration applied");
      expect((await appliedRows(scratch.url)).length).toBe(expected.length);
    } finally {
      await scratch.drop();
    }
  });

  it("migrates the embedded database when DATABASE_URL is unset and stops its server", async () => {
    const dataDir = tempDataDir("migrate");
    try {
      const env = embeddedEnv({ EMBEDDED_DB_DIR: dataDir });
      const first = await runScript("scripts/db/migrate.ts", [], env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain(`applied ${expected.length} migration(s) to embedded database`);
      const second = await runScript("scripts/db/migrate.ts", [], env);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain("no migration applied");
      expect(fs.existsSync(`${dataDir}/PG_VERSION`)).toBe(true); // kept for the next run
      expect(runningServer(dataDir)).toBeNull();
      expect(processesMentioning(dataDir)).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  });
});
