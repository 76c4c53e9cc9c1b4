import fs from "node:fs";
import path from "node:path";

// PGlite has no lock across processes and two writers lose data silently (STACK.md pitfall 2),
// so one process owns a data directory, announced in `<dataDir>.lock` beside it.
/** pglite-server's exit code when another live process serves the directory. */
export const EXIT_IN_USE = 3;

/** What pglite-server tells a parent that spawned it with an IPC channel. */
export type ServerMessage = { type: "ready"; url: string; port: number };

export interface LockInfo {
  pid: number;
  port: number | null;
  url: string | null;
  dataDir: string;
}

export function lockPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function readLock(dataDir: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath(dataDir), "utf8")) as LockInfo;
  } catch {
    return null;
  }
}

// After a reboot or in a new container the lock's pid may belong to an unrelated process.
function isServer(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("pglite-server");
  } catch {
    return true; // no /proc (macOS): trust the pid
  }
}

/** The live owner of dataDir, if any; removes a lock left by a dead process. */
export function liveOwner(dataDir: string): LockInfo | null {
  const info = readLock(dataDir);
  if (info && isServer(info.pid)) return info;
  if (info || fs.existsSync(lockPath(dataDir))) fs.rmSync(lockPath(dataDir), { force: true });
  return null;
}

/** Takes the lock for this process, or returns the live owner that holds it. */
export function acquireLock(dataDir: string): { owner: LockInfo | null } {
  const file = lockPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    const owner = liveOwner(dataDir);
    if (owner) return { owner };
    try {
      const info: LockInfo = { pid: process.pid, port: null, url: null, dataDir: path.resolve(dataDir) };
      fs.writeFileSync(file, JSON.stringify(info), { flag: "wx" });
      return { owner: null };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

export function publishLock(dataDir: string, port: number, url: string): void {
  const info: LockInfo = { pid: process.pid, port, url, dataDir: path.resolve(dataDir) };
  const tmp = `${lockPath(dataDir)}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(info));
  fs.renameSync(tmp, lockPath(dataDir));
}

export function releaseLock(dataDir: string): void {
  if (readLock(dataDir)?.pid === process.pid) fs.rmSync(lockPath(dataDir), { force: true });
}
