import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrationList } from "../lib/migrations";
import { servePglite } from "../lib/pglite";
import { lockPath } from "../lib/pglite-lock";
import {
  embeddedEnv, processesMentioning, query, removeDataDir, runScript, scratchPostgres, tempDataDir,
} from "../lib/test-helpers";

const expected = readMigrationList().migrationDirectories.map((d) => d.path);

async function appliedRows(url: string) {
  return query<{ migration_name: string; finished: boolean }>(
    url,
    "select migration_name, finished_at is not null as finished from _prisma_migrations order by migration_name",
  );
}

describe("db:migrate", () => {
  it("has migrations to apply", () => {
    expect(expected.length).toBeGreaterThan(0);
  });

  it("applies every migration to an empty PGlite database, then nothing", async () => {
    const served = await servePglite();
    try {
      expect(await applyMigrations(served.url)).toEqual(expected);
      const tables = await query<{ n: number }>(
        served.url,
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      expect(tables[0].n).toBeGreaterThan(1);
      expect(await applyMigrations(served.url)).toEqual([]);
      expect(await appliedRows(served.url)).toEqual(expected.map((migration_name) => ({ migration_name, finished: true })));
    } finally {
      await served.close();
    }
  });

  it("applies to a scratch PostgreSQL database through the CLI, then reports up to date", async ({ skip }) => {
    const scratch = await scratchPostgres("migrate");
    if (!scratch) return skip("DATABASE_URL does not point at PostgreSQL");
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
      const env = embeddedEnv({ PGLITE_DATA_DIR: dataDir });
      const first = await runScript("scripts/db/migrate.ts", [], env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain(`applied ${expected.length} migration(s) to embedded database`);
      const second = await runScript("scripts/db/migrate.ts", [], env);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain("no migration applied");
      expect(fs.existsSync(lockPath(dataDir))).toBe(false);
      expect(processesMentioning(dataDir)).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  });
});
