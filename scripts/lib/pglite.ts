import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface ServedPglite {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function pgliteUrl(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/**
 * Serves one PGlite (a directory, or memory when dataDir is unset) over the PostgreSQL wire
 * protocol. Callers must make sure nobody else has the directory open (see pglite-server.ts).
 */
export async function servePglite(opts: { dataDir?: string; port?: number; maxConnections?: number } = {}): Promise<ServedPglite> {
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true }); // PGlite does not create parents
  const db = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await db.waitReady;
  // The server multiplexes connections and runs one transaction at a time; with the default of
  // one connection, pooled clients are cut off ("Server has closed the connection").
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: opts.port ?? 0,
    maxConnections: opts.maxConnections ?? 100,
  });
  try {
    await server.start();
  } catch (err) {
    await db.close();
    throw err;
  }
  const port = Number(server.getServerConn().split(":").pop());
  let closing: Promise<void> | undefined;
  return {
    url: pgliteUrl(port),
    port,
    close: () =>
      (closing ??= (async () => {
        await server.stop();
        await db.close();
      })()),
  };
}
