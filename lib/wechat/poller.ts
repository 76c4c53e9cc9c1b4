import "server-only";
import { errorFields, log } from "@/lib/log";

// Runs the WECHAT dispatcher (./dispatch.ts) in this process: every 15 s from instrumentation.ts,
// and about a second after a message is queued (after its transaction has committed, as a rule;
// one that was not yet is picked up by the next tick). One run at a time per process;
// WECHAT_DISPATCH=off stops both (another process does the sending, or a test sends itself).

const EVERY_MS = 15_000;
const SOON_MS = 1_000;
let running = false;
let soon: ReturnType<typeof setTimeout> | null = null;
let poller: ReturnType<typeof setInterval> | null = null;

const off = () => process.env.WECHAT_DISPATCH === "off";

async function runOnce(): Promise<void> {
  if (running || off()) return;
  running = true;
  try {
    const [{ dispatchDue }, { runExclusive }] = await Promise.all([import("./dispatch"), import("@/lib/cache/exclusive")]);
    // One tick across instances (the rows are claimed with SKIP LOCKED anyway): the others skip.
    await runExclusive("wechat-dispatch", async () => {
      for (let i = 0; i < 20; i++) {
        const r = await dispatchDue();
        if (r.claimed < 50) break;
      }
    });
  } catch (err) {
    log.error("wechat dispatch failed", errorFields(err));
  } finally {
    running = false;
  }
}

/** Dispatches in about a second (several calls in that second make one run). */
export function dispatchWechatSoon(): void {
  if (off() || soon) return;
  soon = setTimeout(() => {
    soon = null;
    void runOnce();
  }, SOON_MS);
  soon.unref?.();
}

/** Starts the 15-second poller once per process (instrumentation.ts). */
export function startWechatPoller(): void {
  if (off() || poller) return;
  poller = setInterval(() => void runOnce(), EVERY_MS);
  poller.unref?.();
}
