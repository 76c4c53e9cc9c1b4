// Looks for OAuth credentials in clear (docs/DECISIONS.md, "Issue 22 — bearer access and its
// tests"): every secret, code and token of lib/oauth/tokens.ts is a prefix (dpa_, dpr_, dpc_,
// dps_) and 43 base64url characters, and only its SHA-256 may be stored or logged. Used by the
// integration test of the OAuth tables and by `npm test` after the e2e run, over the server's
// log and every text, varchar, text[] and json column of the e2e database. Pure (no database
// client of its own, no server-only), so scripts/test.ts can use it with pg.

export const CREDENTIAL_PATTERN = "dp[acrs]_[A-Za-z0-9_-]{43}";

/** A found credential shown without its secret part: the prefix and its first four characters. */
export function maskCredential(value: string): string {
  return value.replace(new RegExp(CREDENTIAL_PATTERN, "g"), (m) => `${m.slice(0, 8)}…[${m.length - 8} characters masked]`);
}

export type LeakHit = { where: string; sample: string };

/** Lines of a text (a log) holding a credential, masked, with their line numbers. */
export function scanText(text: string, source: string): LeakHit[] {
  const re = new RegExp(CREDENTIAL_PATTERN);
  const hits: LeakHit[] = [];
  text.split("\n").forEach((line, i) => {
    if (re.test(line)) hits.push({ where: `${source}:${i + 1}`, sample: maskCredential(line).slice(0, 300) });
  });
  return hits;
}

/** Runs one SQL statement and answers its rows (pg's client.query, or Prisma's $queryRawUnsafe). */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every text, varchar, char, text[], varchar[], json and jsonb column of every table of the
 * current schema holding a credential: "table.column" with a masked sample (at most 3 per column).
 */
export async function scanDatabase(query: Query): Promise<LeakHit[]> {
  const columns = (await query(`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema()
      AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar', '_bpchar')))
    ORDER BY c.table_name, c.ordinal_position`)) as { table_name: string; column_name: string }[];
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const hits: LeakHit[] = [];
  for (const [table, cols] of byTable) {
    const parts = cols.map(
      (col) =>
        `(SELECT '${col.replace(/'/g, "''")}' AS col, substring(${quote(col)}::text from '${CREDENTIAL_PATTERN}') AS found FROM ${quote(table)} WHERE ${quote(col)}::text ~ '${CREDENTIAL_PATTERN}' LIMIT 3)`,
    );
    const rows = (await query(parts.join(" UNION ALL "))) as { col: string; found: string }[];
    for (const r of rows) hits.push({ where: `${table}.${r.col}`, sample: maskCredential(r.found) });
  }
  return hits;
}
