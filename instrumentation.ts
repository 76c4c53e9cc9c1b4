// Runs once when the server starts (Next's instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Per-address limits need the socket's address, which Next 16 does not pass on (lib/http/client-ip.ts).
  const { installPeerAddressStamp } = await import("@/lib/http/peer-address");
  installPeerAddressStamp();
  // The WECHAT channel's dispatcher (lib/wechat/poller.ts; WECHAT_DISPATCH=off skips it).
  const { startWechatPoller } = await import("@/lib/wechat/poller");
  startWechatPoller();
}
