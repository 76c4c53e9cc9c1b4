import { describe, expect, it } from "vitest";
import { withoutUnreadableIndexes } from "./migrations";

const list = (sql: string) => ({
  baseDir: "x",
  lockfile: { path: "migration_lock.toml", content: null },
  shadowDbInitScript: "",
  migrationDirectories: [{ path: "1_init", migrationFile: { path: "migration.sql", content: { tag: "ok" as const, value: sql } } }],
});

const CREATE = 'CREATE INDEX "L_account_idx" ON "L"("account" text_pattern_ops, "createdAt" DESC);';

describe("withoutUnreadableIndexes", () => {
  it("leaves out an index a migration already created word for word", () => {
    const diff = `-- DropIndex\nDROP INDEX "L_account_idx";\n\n-- CreateIndex\n${CREATE}\n`;
    expect(withoutUnreadableIndexes(diff, list(`${CREATE}\n`))).toBe("");
  });

  it("keeps a changed index and every other statement", () => {
    const changed = 'CREATE INDEX "L_account_idx" ON "L"("account", "createdAt" DESC);';
    const diff = `-- DropIndex\nDROP INDEX "L_account_idx";\n\n-- CreateIndex\n${changed}\n\n-- AlterTable\nALTER TABLE "L" ADD COLUMN "x" INTEGER;\n`;
    const out = withoutUnreadableIndexes(diff, list(CREATE));
    expect(out).toContain('DROP INDEX "L_account_idx"');
    expect(out).toContain(changed);
    expect(out).toContain("ALTER TABLE");
    const kept = withoutUnreadableIndexes(
      `-- DropIndex\nDROP INDEX "L_account_idx";\n\n-- CreateIndex\n${CREATE}\n\n-- AlterTable\nALTER TABLE "L" ADD COLUMN "x" INTEGER;\n`,
      list(CREATE),
    );
    expect(kept).not.toContain("L_account_idx");
    expect(kept).toContain("ALTER TABLE");
  });
});
