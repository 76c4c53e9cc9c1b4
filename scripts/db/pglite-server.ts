// Owns one PGlite data directory and serves it over the PostgreSQL wire protocol until
// SIGINT/SIGTERM (or until the parent that spawned it with an IPC channel goes away).
//   tsx scripts/db/pglite-server.ts [--data-dir data/pglite] [--port 0] [--max-connections 100]
// Exit code 3: the directory is already served by another live process (its URL is printed).
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR } from "../lib/paths";
import { servePglite } from "../lib/pglite";
import { acquireLock, EXIT_IN_USE, publishLock, releaseLock, type ServerMessage } from "../lib/pglite-lock";

async function start(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "data-dir": { type: "string", default: process.env.PGLITE_DATA_DIR ?? DEFAULT_DATA_DIR },
      port: { type: "string", default: process.env.PGLITE_PORT ?? "0" },
      "max-connections": { type: "string", default: "100" },
    },
  });
  const dataDir = path.resolve(values["data-dir"]);
  const send = (msg: ServerMessage) => process.send?.(msg);

  const { owner } = acquireLock(dataDir);
  if (owner) {
    console.error(`[pglite] ${dataDir} is already served by pid ${owner.pid}${owner.url ? ` at ${owner.url}` : ""}`);
    process.exit(EXIT_IN_USE);
  }

  // Handlers are installed in the same tick, before the open can be interrupted.
  const opening = servePglite({
    dataDir,
    port: Number(values.port),
    maxConnections: Number(values["max-connections"]),
  });
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      console.error("[pglite] close timed out");
      releaseLock(dataDir);
      process.exit(1);
    }, 15_000);
    let code = 0;
    try {
      await (await opening).close(); // waits for an open in progress: never leave it half-done
      console.log(`[pglite] closed ${dataDir} (${reason})`);
    } catch (err) {
      console.error(`[pglite] close failed: ${(err as Error).message}`);
      code = 1;
    }
    clearTimeout(force);
    releaseLock(dataDir);
    process.exit(code);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGHUP", () => void stop("SIGHUP"));
  process.on("disconnect", () => void stop("parent exited"));

  const served = await opening.catch((err: unknown) => {
    releaseLock(dataDir);
    throw err;
  });
  if (stopping) return; // a signal arrived while opening; stop() closes it
  publishLock(dataDir, served.port, served.url);
  console.log(`[pglite] serving ${path.relative(process.cwd(), dataDir) || dataDir} at ${served.url} (pid ${process.pid})`);
  send({ type: "ready", url: served.url, port: served.port });
}

start().catch((err: unknown) => {
  console.error("[pglite] failed to start:", err);
  process.exit(1);
});
