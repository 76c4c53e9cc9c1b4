import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { uid } from "@/lib/test/factories";
import { WEIXIN_SECRET_CONTEXT } from "./config";

// The WeChat tests' shared setup: their own enabled official account (the one channel app: any
// other enabled one, e.g. the demo's, is switched off meanwhile and back on after).

export const APP_SECRET = "wxsecret_9f8e7d6c5b4a39281706f5e4";

export async function takeChannelApp(): Promise<{ id: number; appId: string; restore: () => Promise<void> }> {
  const others = await db().weixinApp.findMany({ where: { enabled: true, type: "OFFICIAL_ACCOUNT" }, select: { id: true } });
  await db().weixinApp.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { enabled: false } });
  const appId = `wx${uid("").slice(0, 10)}test`;
  const app = await db().weixinApp.create({
    data: { name: "Test account", type: "OFFICIAL_ACCOUNT", appId, appSecret: sealSecret(APP_SECRET, WEIXIN_SECRET_CONTEXT.appSecret), enabled: true },
  });
  return {
    id: app.id,
    appId,
    restore: async () => {
      await db().weixinApp.update({ where: { id: app.id }, data: { enabled: false } });
      await db().weixinApp.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { enabled: true } });
    },
  };
}

/** The text columns of every table holding any of the needles: "table.column". */
export async function textColumnsHolding(needles: string[]): Promise<string[]> {
  const columns = await db().$queryRawUnsafe<{ table_name: string; column_name: string }[]>(`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema()
      AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar', '_bpchar')))`);
  const safe = needles.filter((n) => /^[A-Za-z0-9_.-]+$/.test(n));
  if (safe.length !== needles.length) throw new Error("needles must be plain tokens");
  const hits: string[] = [];
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  for (const c of columns) {
    const cond = safe.map((n) => `strpos(${q(c.column_name)}::text, '${n}') > 0`).join(" OR ");
    const rows = await db().$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM ${q(c.table_name)} WHERE ${cond}`);
    if (Number(rows[0].n) > 0) hits.push(`${c.table_name}.${c.column_name}`);
  }
  return hits;
}
