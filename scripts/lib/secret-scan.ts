import fs from "node:fs";
import pg from "pg";
import { scanDatabase, scanText, type LeakHit } from "../../lib/oauth/leak-scan";

// npm test's last check of the e2e run (issue 22): no OAuth client secret, code or token in
// clear in the server's log or anywhere in the e2e database (every text, varchar, text[] and
// json column of every table). Answers the hits, masked; none is the only pass.

export async function scanForCredentials(opts: { logFiles: string[]; databaseUrl: string }): Promise<LeakHit[]> {
  const hits: LeakHit[] = [];
  for (const f of opts.logFiles) {
    if (!fs.existsSync(f)) throw new Error(`the server log ${f} does not exist: nothing was captured to scan`);
    hits.push(...scanText(fs.readFileSync(f, "utf8"), f));
  }
  const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    hits.push(...(await scanDatabase(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows)));
  } finally {
    await client.end();
  }
  return hits;
}
