import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { ensureEmbeddedDatabase } from "../lib/database";
import { isAlive, lockPath, readLock } from "../lib/pglite-lock";
import { embeddedEnv, processesMentioning, query, removeDataDir, runScript, tempDataDir } from "../lib/test-helpers";

// One directory for the file (a fresh PGlite takes seconds to initialise); tables differ per test.
const dataDir = tempDataDir("server");
afterAll(() => removeDataDir(dataDir));

describe("pglite-server", () => {
  it("runs 20 concurrent Prisma transactions, all of them, one at a time", async () => {
    const db = await ensureEmbeddedDatabase({ dataDir, fresh: true });
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: 10 }) });
    try {
      await prisma.$executeRawUnsafe("create table counter (id int primary key, n int not null)");
      await prisma.$executeRawUnsafe("insert into counter values (1, 0)");
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          prisma.$transaction(
            async (tx) => {
              const [row] = await tx.$queryRaw<{ n: number }[]>`select n from counter where id = 1`;
              await new Promise((resolve) => setTimeout(resolve, 10));
              await tx.$executeRaw`update counter set n = ${row.n + 1} where id = 1`;
            },
            { maxWait: 60_000, timeout: 60_000 },
          ),
        ),
      );
      const failures = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
      expect(failures).toEqual([]);
      // read-modify-write without locks: only serialized transactions count to exactly 20
      expect(await prisma.$queryRaw`select n from counter where id = 1`).toEqual([{ n: 20 }]);
    } finally {
      await prisma.$disconnect();
      await db.stop();
    }
  });

  it("keeps data across a restart and releases its lock on stop", async () => {
    const first = await ensureEmbeddedDatabase({ dataDir });
    const pid = readLock(dataDir)!.pid;
    await query(first.url, "create table kept (v text)");
    await query(first.url, "insert into kept values ('survives')");
    await first.stop();
    expect(isAlive(pid)).toBe(false);
    expect(fs.existsSync(lockPath(dataDir))).toBe(false);

    const second = await ensureEmbeddedDatabase({ dataDir });
    try {
      expect(await query(second.url, "select v from kept")).toEqual([{ v: "survives" }]);
    } finally {
      await second.stop();
    }
  });

  it("never opens a directory twice: a second owner reuses or is refused", async () => {
    const owner = await ensureEmbeddedDatabase({ dataDir });
    try {
      const lock = readLock(dataDir)!;
      const reused = await ensureEmbeddedDatabase({ dataDir });
      expect(reused.url).toBe(owner.url);
      await reused.stop(); // not the owner: must not stop the server
      expect(await query(owner.url, "select 1 as ok")).toEqual([{ ok: 1 }]);

      await expect(ensureEmbeddedDatabase({ dataDir, fresh: true })).rejects.toThrow(/served by pid/);

      const second = await runScript("scripts/db/pglite-server.ts", ["--data-dir", dataDir], embeddedEnv());
      expect(second.code).toBe(3);
      expect(second.stderr).toContain(`already served by pid ${lock.pid} at ${owner.url}`);
      expect(readLock(dataDir)?.pid).toBe(lock.pid);
    } finally {
      await owner.stop();
    }
    expect(processesMentioning(dataDir)).toEqual([]);
  });

  it("takes over the directory of a killed server", async () => {
    const first = await ensureEmbeddedDatabase({ dataDir });
    await query(first.url, "create table after_kill (v text)");
    await query(first.url, "insert into after_kill values ('committed')");
    const pid = readLock(dataDir)!.pid;
    process.kill(pid, "SIGKILL");
    await first.stop(); // waits for the exit
    expect(readLock(dataDir)?.pid).toBe(pid); // stale lock left behind

    const second = await ensureEmbeddedDatabase({ dataDir });
    try {
      expect(readLock(dataDir)?.pid).not.toBe(pid);
      expect(await query(second.url, "select v from after_kill")).toEqual([{ v: "committed" }]);
    } finally {
      await second.stop();
    }
  });
});
