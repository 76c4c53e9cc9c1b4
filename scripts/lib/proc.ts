import path from "node:path";
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { ROOT } from "./paths";

// Every child runs in its own process group, so stopping it also stops what it spawned
// (next's workers); the terminal's Ctrl-C reaches only us, and we stop them in order.
const live = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

export class StepError extends Error {}

export function bin(name: string): string {
  return path.join(ROOT, "node_modules/.bin", name);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // group already gone
  }
}

export function spawnChild(cmd: string, args: string[], opts: SpawnOptions = {}): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], ...opts, detached: true });
  live.add(child);
  child.once("exit", () => live.delete(child));
  child.once("error", () => live.delete(child));
  return child;
}

export function waitExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    if (child.signalCode !== null) return resolve(128);
    child.once("error", () => resolve(127));
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** SIGTERM to the child's group, SIGKILL after timeoutMs; also sweeps leftovers of the group. */
export async function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  signalGroup(child, "SIGTERM");
  const exited = waitExit(child);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  signalGroup(child, "SIGKILL");
  await exited;
}

/** Runs a command to completion; throws StepError when it fails. */
export async function run(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<void> {
  const child = spawnChild(cmd, args, opts);
  const code = await waitExit(child);
  signalGroup(child, "SIGKILL"); // grandchildren left behind by a finished command
  if (code !== 0) throw new StepError(`${path.basename(cmd)} ${args.join(" ")} exited with code ${code}`);
}

export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}

let exiting: Promise<never> | undefined;

// Runs once: a second caller (e.g. the main function returning because a child it waits for
// was just stopped by a signal's shutdown) waits for the first to finish.
function shutdown(code: number): Promise<never> {
  exiting ??= (async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      await fn().catch((err: unknown) => console.error(`cleanup failed: ${(err as Error)?.message ?? err}`));
    }
    await Promise.all([...live].map((child) => stopChild(child)));
    process.exit(code);
  })();
  return exiting;
}

/**
 * Entry point of an orchestration script: runs fn, then cleanups and stops every child on
 * success, failure, SIGINT, SIGTERM or SIGHUP. A later second signal kills everything at once.
 */
export function main(fn: () => Promise<number | void>): void {
  let firstSignalAt = 0;
  const onSignal = (code: number) => () => {
    if (exiting) {
      // npm and tsx relay the terminal's Ctrl-C a moment later: only a deliberate repeat forces
      if (Date.now() - firstSignalAt < 2_000) return;
      console.error("forced stop");
      for (const child of live) signalGroup(child, "SIGKILL");
      process.exit(code);
    }
    firstSignalAt = Date.now();
    console.error("\nstopping… (Ctrl-C again to force)");
    void shutdown(code);
  };
  process.on("SIGINT", onSignal(130));
  process.on("SIGTERM", onSignal(143));
  process.on("SIGHUP", onSignal(129));
  process.on("exit", () => {
    for (const child of live) signalGroup(child, "SIGKILL");
  });
  fn().then(
    (code) => shutdown(code ?? 0),
    (err: unknown) => {
      if (!exiting) console.error(err instanceof StepError ? `\n✖ ${err.message}` : err); // else: we stopped it
      return shutdown(1);
    },
  );
}
