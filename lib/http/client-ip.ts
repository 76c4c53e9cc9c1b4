import { BlockList, isIP } from "node:net";

// The client's address, the one every per-address limit and log line uses (sign-in and SMS
// throttles, login log, request log, news views). Forwarded headers are trusted only from the
// proxies TRUSTED_PROXIES names; without it the address is the TCP peer's and X-Forwarded-For /
// X-Real-IP are ignored, so a client cannot pick a new address per request or pose as a
// victim's.
//
// Next 16 gives application code no socket address (NextRequest.ip went in Next 15; Next only
// fills X-Forwarded-For with the socket address when the request has none, so a client-sent
// header hides it). lib/http/peer-address.ts (installed by instrumentation.ts) stamps every
// request the Node server receives with the peer address in PEER_HEADER, behind a per-process
// secret, so no header a client sends can pass for it. Where no stamp is found (a server that
// did not run instrumentation.ts, or a request accepted before it ran at start-up) the peer is
// unknown: with TRUSTED_PROXIES unset or a list, the address is then null (per-address limits
// do not apply, per-account and per-phone limits still do; nothing a client sends is believed).

export const PEER_HEADER = "x-dealer-peer-address";
const STORE = Symbol.for("dealer-platform.peer-address");

type PeerStore = { secret: string };
type Trust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; list: BlockList };
type Header = (name: string) => string | null | undefined;

/** "::ffff:10.1.2.3" → "10.1.2.3"; anything not an IP address → null. */
export function normalizeIp(raw: string | null | undefined): string | null {
  let ip = raw?.trim() ?? "";
  if (ip.startsWith("[") && ip.includes("]"))
    ip = ip.slice(1, ip.indexOf("]")); // [::1]:443
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":")); // 1.2.3.4:80
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) ip = ip.slice(7);
  return isIP(ip) ? ip.toLowerCase() : null;
}

/**
 * TRUSTED_PROXIES: unset or empty (no proxy: the socket's address), a hop count ("1": one proxy
 * in front, e.g. nginx; the client is the Nth address from the right of X-Forwarded-For), or a
 * comma list of the proxies' addresses and CIDR ranges ("10.0.0.0/8, 192.168.1.5, ::1").
 * Throws on anything else, so a typo is found at the first request, not in an incident.
 */
export function parseTrustedProxies(raw: string | undefined): Trust {
  const value = raw?.trim() ?? "";
  if (!value || value === "0") return { kind: "none" };
  if (/^\d+$/.test(value)) return { kind: "hops", hops: Math.min(Number(value), 20) };
  const list = new BlockList();
  for (const item of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits, extra] = item.split("/");
    const ip = normalizeIp(addr);
    const family = ip && isIP(ip) === 6 ? "ipv6" : "ipv4";
    const prefix = bits === undefined ? (family === "ipv6" ? 128 : 32) : Number(bits);
    if (!ip || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === "ipv6" ? 128 : 32)) {
      throw new Error(`TRUSTED_PROXIES: "${item}" is neither an address nor a CIDR range`);
    }
    list.addSubnet(ip, prefix, family);
  }
  return { kind: "list", list };
}

function trusted(list: BlockList, ip: string): boolean {
  return list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address from the peer (the socket's address) and X-Forwarded-For, given what
 * is trusted. Pure, for the unit tests; clientIp reads the request.
 */
export function clientAddress(req: { peer: string | null; forwardedFor: string | null | undefined }, trust: Trust): string | null {
  const peer = normalizeIp(req.peer);
  if (trust.kind === "none") return peer;
  // Nearest first: each proxy appends the address it was connected from.
  const hops = (req.forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  if (trust.kind === "hops") {
    // The Nth from the right; with fewer entries the furthest one (Next itself fills an absent
    // header with the socket's address). A hop count assumes the app is reachable only
    // through those proxies.
    if (!hops.length) return peer;
    return normalizeIp(hops[Math.min(trust.hops, hops.length) - 1]);
  }
  // A list: walk from the peer towards the client while the address is a trusted proxy.
  if (!peer) return null;
  let address = peer;
  for (const hop of hops) {
    if (!trusted(trust.list, address)) break;
    const ip = normalizeIp(hop);
    if (!ip) break; // garbage in the header: stop at the last proxy that wrote a sound value
    address = ip;
  }
  return address;
}

let cached: { raw: string | undefined; trust: Trust } | null = null;
function currentTrust(): Trust {
  const raw = process.env.TRUSTED_PROXIES;
  if (!cached || cached.raw !== raw) cached = { raw, trust: parseTrustedProxies(raw) };
  return cached.trust;
}

/** The socket's address stamped on this request by lib/http/peer-address.ts, else null. */
export function peerAddress(header: Header): string | null {
  const store = (globalThis as { [STORE]?: PeerStore })[STORE];
  const value = header(PEER_HEADER);
  if (!store || !value) return null;
  const space = value.indexOf(" ");
  return space > 0 && value.slice(0, space) === store.secret ? value.slice(space + 1) : null;
}

/** The client's address of a request (header getter of Headers, a plain record or IncomingMessage). */
export function clientIp(header: Header): string | null {
  return clientAddress({ peer: peerAddress(header), forwardedFor: header("x-forwarded-for") }, currentTrust());
}

/** Same, from a Headers object (route handlers, the proxy, `headers()` in actions). */
export const clientIpOf = (headers: Pick<Headers, "get">): string | null => clientIp((n) => headers.get(n));

/** For lib/http/peer-address.ts and tests: the secret that proves a stamp (made once per process). */
export function peerSecret(create: () => string): string {
  const g = globalThis as { [STORE]?: PeerStore };
  g[STORE] ??= { secret: create() };
  return g[STORE].secret;
}
