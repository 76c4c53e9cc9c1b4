import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ROOT } from "./paths";

const SECRETS_FILE = path.join(ROOT, ".secrets.json");
export const DEFAULT_PORT = 3000;

/** NEXTAUTH_SECRET from the environment, else from .secrets.json (created on first use). */
export function nextAuthSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  let stored: Record<string, string> = {};
  try {
    stored = JSON.parse(fs.readFileSync(SECRETS_FILE, "utf8")) as Record<string, string>;
  } catch {
    // first run, or unreadable: write a new one
  }
  if (!stored.NEXTAUTH_SECRET) {
    stored.NEXTAUTH_SECRET = randomBytes(32).toString("base64url");
    fs.writeFileSync(SECRETS_FILE, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return stored.NEXTAUTH_SECRET;
}

export function appPort(fallback = DEFAULT_PORT): number {
  const port = Number(process.env.PORT ?? fallback);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  return port;
}

/**
 * The environment of the Next process. next-auth v4 under the /customerWeb basePath needs
 * NEXTAUTH_URL to end in /customerWeb/api/auth; host should be the one the browser uses, or
 * its session cookie is set for another origin.
 */
export function appEnv(opts: { port: number; databaseUrl: string; host?: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(opts.port),
    DATABASE_URL: opts.databaseUrl,
    NEXTAUTH_SECRET: nextAuthSecret(),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://${opts.host ?? "localhost"}:${opts.port}/customerWeb/api/auth`,
    NEXT_TELEMETRY_DISABLED: "1",
  };
}
