// Helpers for the integration tests of the scripts (not used at run time).
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { adminQuery, withDatabaseName } from "./migrations";
import { ROOT } from "./paths";

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<file> with tsx and captures its output. */
export function runScript(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, file), ...args], { cwd: ROOT, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The environment without DATABASE_URL, so scripts use the embedded database. */
export function embeddedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  return env;
}

/** PIDs of processes whose command line mentions text (Linux /proc). */
export function processesMentioning(text: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid)
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

export function tempDataDir(label: string): string {
  return path.join(ROOT, "data", `tmp-${label}-${process.pid}-${randomBytes(3).toString("hex")}`);
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${dir}.log`, { force: true });
}

/** A scratch database on the PostgreSQL server of DATABASE_URL (the integration tests' server). */
export async function scratchPostgres(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error("DATABASE_URL is not set: run the integration tests through npm test or vitest's global setup");
  const name = `dp_test_${label}_${Date.now()}_${randomBytes(2).toString("hex")}`;
  await adminQuery(server, `create database "${name}"`);
  return {
    url: withDatabaseName(server, name),
    drop: () => adminQuery(server, `drop database if exists "${name}" with (force)`),
  };
}

export async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
