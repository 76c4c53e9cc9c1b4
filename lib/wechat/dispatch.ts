import "server-only";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { configuredWechatSender, type WechatOutgoing, type WechatSender } from "./sender";

// The WECHAT channel's dispatcher: claims due PENDING messages (FOR UPDATE SKIP LOCKED, so
// several instances share the queue without sending one message twice), sends them, and settles
// each one: SENT, or its next attempt after the backoff, or FAILED after MAX_ATTEMPTS with the
// last error. A claim moves the row's nextAttemptAt a lease ahead in the claiming statement
// itself, so no transaction stays open while WeChat answers, and a message of an instance that
// died mid-send is due again once the lease ends. Never throws.

export const MAX_ATTEMPTS = 5;
/** The wait after the 1st, 2nd, 3rd and 4th failed attempt (ms); the 5th is final. */
export const BACKOFF = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** How long a claimed message is left to its claimer. */
export const LEASE_MS = 2 * 60_000;
const PARALLEL = 5;

type Claimed = WechatOutgoing & { attempts: number };

export type DispatchResult = { claimed: number; sent: number; retried: number; failed: number };

/** Sends the due messages (at most `limit`); answers what became of them. */
export async function dispatchDue(now: Date = new Date(), limit = 50, sender: WechatSender = configuredWechatSender()): Promise<DispatchResult> {
  const out: DispatchResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  let rows: Claimed[];
  try {
    rows = await db().$queryRaw<Claimed[]>`
      UPDATE "WechatMessage" SET "nextAttemptAt" = ${new Date(now.getTime() + LEASE_MS)}
      WHERE "id" IN (
        SELECT "id" FROM "WechatMessage" WHERE "status" = 'PENDING' AND "nextAttemptAt" <= ${now}
        ORDER BY "nextAttemptAt", "id" LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "appId", "openId", "templateId", "data", "url", "attempts"`;
  } catch (err) {
    log.error("wechat dispatch: claiming failed", errorFields(err));
    return out;
  }
  out.claimed = rows.length;
  const queue = [...rows];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const r = await deliver(m, now, sender);
      out[r]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, worker));
  return out;
}

async function deliver(m: Claimed, now: Date, sender: WechatSender): Promise<"sent" | "retried" | "failed"> {
  const attempts = m.attempts + 1;
  try {
    const r = await sender.send(m);
    await db().wechatMessage.updateMany({
      where: { id: m.id, status: "PENDING" },
      data: { status: "SENT", sender: sender.name, msgId: r.msgId ? String(r.msgId).slice(0, 40) : null, sentAt: new Date(), attempts, lastError: null },
    });
    return "sent";
  } catch (err) {
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const final = attempts >= MAX_ATTEMPTS;
    log.warn("wechat message not delivered", { messageId: m.id, sender: sender.name, attempts, final, error: lastError });
    try {
      await db().wechatMessage.updateMany({
        where: { id: m.id, status: "PENDING" },
        data: final
          ? { status: "FAILED", sender: sender.name, attempts, lastError }
          : { sender: sender.name, attempts, lastError, nextAttemptAt: new Date(now.getTime() + BACKOFF[attempts - 1]) },
      });
    } catch (e) {
      // Left claimed: due again when the lease ends.
      log.error("wechat dispatch: settling failed", { messageId: m.id, ...errorFields(e) });
    }
    return final ? "failed" : "retried";
  }
}
