import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { ensureEmbeddedDatabase } from "../lib/database";
import { hydrateSymlinks, isAlive, runningServer, runningUrl } from "../lib/embedded-postgres";
import { ROOT } from "../lib/paths";
import { embeddedEnv, processesMentioning, query, removeDataDir, tempDataDir } from "../lib/test-helpers";

// One directory for the file (initialising takes a second or two); tables differ per test.
const dataDir = tempDataDir("embedded");
afterAll(() => removeDataDir(dataDir));

/** Starts `npm run db:server` on dir and resolves once it prints its URL. */
function startServerScript(dir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/db/server.ts")], {
    cwd: ROOT,
    env: embeddedEnv({ EMBEDDED_DB_DIR: dir }),
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes("embedded PostgreSQL:")) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => reject(new Error(`db:server exited with ${code} before it was ready:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

describe("embedded PostgreSQL", () => {
  it("runs concurrent transactions concurrently, and row locks keep a counter exact", async () => {
    const db = await ensureEmbeddedDatabase({ dataDir, fresh: true });
    const pool = new pg.Pool({ connectionString: db.url, max: 20 });
    // pool.end() resolves before its clients' sockets close; the server's shutdown notice then
    // reaches a client the pool no longer listens to, and the pool re-emits it as an error.
    pool.on("error", () => {});
    try {
      await pool.query("create table counter (id int primary key, n int not null)");
      await pool.query("insert into counter values (1, 0)");
      // 20 transactions that each hold a connection for 300 ms: one at a time would take 6 s.
      const started = Date.now();
      await Promise.all(Array.from({ length: 20 }, () => pool.query("select pg_sleep(0.3)")));
      expect(Date.now() - started).toBeLessThan(3_000);
      // 50 read-modify-write transactions under a row lock: exactly 50, none lost.
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          const client = await pool.connect();
          try {
            await client.query("begin");
            const { rows } = await client.query<{ n: number }>("select n from counter where id = 1 for update");
            await client.query("update counter set n = $1 where id = 1", [rows[0].n + 1]);
            await client.query("commit");
          } finally {
            client.release();
          }
        }),
      );
      expect((await pool.query("select n from counter")).rows).toEqual([{ n: 50 }]);
    } finally {
      await pool.end();
      await db.stop();
    }
  });

  it("asks for the password it generated, and listens on 127.0.0.1 only", async () => {
    const db = await ensureEmbeddedDatabase({ dataDir });
    try {
      const url = new URL(db.url);
      expect(url.hostname).toBe("127.0.0.1");
      expect(url.password.length).toBeGreaterThanOrEqual(32);
      url.password = "";
      await expect(query(url.toString(), "select 1")).rejects.toThrow(/password/i);
      url.password = "wrong";
      await expect(query(url.toString(), "select 1")).rejects.toThrow(/password authentication failed/);
      expect(await query<{ listen: string }>(db.url, "select current_setting('listen_addresses') as listen")).toEqual([{ listen: "127.0.0.1" }]);
      expect(await query<{ v: string }>(db.url, "select current_setting('server_version_num')::int / 10000 || '' as v")).toEqual([{ v: "15" }]);
    } finally {
      await db.stop();
    }
  });

  it("keeps its data across a restart and leaves no process when stopped", async () => {
    const first = await ensureEmbeddedDatabase({ dataDir });
    const pid = runningServer(dataDir)!.pid;
    await query(first.url, "create table kept (v text)");
    await query(first.url, "insert into kept values ('survives')");
    await first.stop();
    expect(isAlive(pid)).toBe(false);
    expect(runningServer(dataDir)).toBeNull();
    expect(processesMentioning(dataDir)).toEqual([]);

    const second = await ensureEmbeddedDatabase({ dataDir });
    try {
      expect(await query(second.url, "select v from kept")).toEqual([{ v: "survives" }]);
    } finally {
      await second.stop();
    }
  });

  it("is never started twice on one folder: a second caller reuses it and does not stop it", async () => {
    const owner = await ensureEmbeddedDatabase({ dataDir });
    try {
      const reused = await ensureEmbeddedDatabase({ dataDir });
      expect(reused.url).toBe(owner.url);
      await reused.stop(); // not the owner: must not stop the server
      expect(await query(owner.url, "select 1 as ok")).toEqual([{ ok: 1 }]);
      expect(runningUrl(dataDir)).toBe(owner.url);
      await expect(ensureEmbeddedDatabase({ dataDir, fresh: true })).rejects.toThrow(/cannot wipe/);
    } finally {
      await owner.stop();
    }
    expect(processesMentioning(dataDir)).toEqual([]);
  });

  it("db:server stops PostgreSQL on Ctrl-C and on SIGTERM", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const script = startServerScript(dataDir);
      await script.ready;
      const pid = runningServer(dataDir)!.pid;
      script.child.kill(signal);
      expect(await script.exited).not.toBe(0); // 130 / 143: stopped by the signal
      expect(isAlive(pid)).toBe(false);
      expect(processesMentioning(dataDir)).toEqual([]);
    }
  });

  it("adopts the server of a process that was killed, and stops it in its turn", async () => {
    const script = startServerScript(dataDir);
    await script.ready;
    const orphan = runningServer(dataDir)!;
    script.child.kill("SIGKILL"); // no chance to stop its server
    await script.exited;
    expect(isAlive(orphan.pid)).toBe(true);

    const adopted = await ensureEmbeddedDatabase({ dataDir });
    expect(runningServer(dataDir)?.pid).toBe(orphan.pid);
    expect(await query(adopted.url, "select v from kept")).toEqual([{ v: "survives" }]);
    await adopted.stop();
    expect(isAlive(orphan.pid)).toBe(false);
    expect(processesMentioning(dataDir)).toEqual([]);
  });

  it("recreates the binaries' library links that npm did not (install scripts not run)", () => {
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), "dp-links-"));
    try {
      const native = path.join(pkg, "native");
      fs.mkdirSync(path.join(native, "lib"), { recursive: true });
      fs.writeFileSync(path.join(native, "lib/libpq.so.5.18"), "library");
      fs.writeFileSync(
        path.join(native, "pg-symlinks.json"),
        JSON.stringify([
          { source: "native/lib/libpq.so.5.18", target: "native/lib/libpq.so.5" },
          { source: "native/lib/libpq.so.5.18", target: "native/lib/libpq.so" },
        ]),
      );
      hydrateSymlinks(native);
      hydrateSymlinks(native); // idempotent
      expect(fs.readlinkSync(path.join(native, "lib/libpq.so.5"))).toBe("libpq.so.5.18");
      expect(fs.readFileSync(path.join(native, "lib/libpq.so"), "utf8")).toBe("library");
    } finally {
      fs.rmSync(pkg, { recursive: true, force: true });
    }
  });
});
