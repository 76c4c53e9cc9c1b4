// Runs once when the server starts (Next's instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Per-address limits need the socket's address, which Next 16 does not pass on (lib/http/client-ip.ts).
  const { installPeerAddressStamp } = await import("@/lib/http/peer-address");
  installPeerAddressStamp();
  // The per-process caches follow the other instances' changes (lib/cache/bus.ts, LISTEN/NOTIFY).
  // Not while next build renders pages: nothing may touch the database then.
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    const [{ startCacheBus }, { followTag }, { NEWS_TAG }] = await Promise.all([import("@/lib/cache/bus"), import("@/lib/cache/next-tags"), import("@/lib/news/cache")]);
    followTag(NEWS_TAG);
    void startCacheBus();
  }
  // The WECHAT channel's dispatcher (lib/wechat/poller.ts; WECHAT_DISPATCH=off skips it).
  const { startWechatPoller } = await import("@/lib/wechat/poller");
  startWechatPoller();
}
