// Which IP addresses are public (issue 16: the storage test may connect only to those).
// Pure; IPv4 and IPv6 parsed here so the ranges are explicit and tested.

export type AddressKind = "public" | "unspecified" | "loopback" | "private" | "link-local" | "unique-local" | "multicast" | "reserved" | "invalid";

/** "10.1.2.3" → [10, 1, 2, 3]; only the canonical dotted-decimal form. */
export function parseIPv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** "fe80::1%eth0", "[::ffff:10.0.0.1]" → eight 16-bit groups. */
export function parseIPv6(input: string): number[] | null {
  let s = input.replace(/^\[|\]$/g, "").split("%")[0];
  if (!s.includes(":") || !/^[0-9a-fA-F:.]+$/.test(s)) return null;
  if (s.includes(".")) {
    const at = s.lastIndexOf(":");
    const v4 = parseIPv4(s.slice(at + 1));
    if (!v4) return null;
    s = `${s.slice(0, at + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((h) => (/^[0-9a-fA-F]{1,4}$/.test(h) ? parseInt(h, 16) : NaN)));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...tail].some(Number.isNaN)) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const fill = 8 - head.length - tail.length;
  return fill >= 1 ? [...head, ...new Array<number>(fill).fill(0), ...tail] : null;
}

const v4Number = (p: number[]) => ((p[0] << 24) >>> 0) + (p[1] << 16) + (p[2] << 8) + p[3];
const inV4 = (n: number, base: string, bits: number) => {
  const b = v4Number(parseIPv4(base)!);
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (n & mask) >>> 0 === (b & mask) >>> 0;
};

// IANA's IPv4 special-purpose registry (RFC 6890 and successors), what is not global.
const V4_RANGES: [string, number, AddressKind][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private"], // carrier-grade NAT
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"], // cloud metadata services live here
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"], // documentation
  ["192.88.99.0", 24, "reserved"], // 6to4 relay anycast
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"], // benchmarking
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"], // and 255.255.255.255
];

function v4Kind(p: number[]): AddressKind {
  const n = v4Number(p);
  for (const [base, bits, kind] of V4_RANGES) if (inV4(n, base, bits)) return kind;
  return "public";
}

/** The IPv4 address carried in groups 6–7 (or 1–2 for 6to4). */
const embedded = (g: number[], at: number) => [g[at] >> 8, g[at] & 0xff, g[at + 1] >> 8, g[at + 1] & 0xff];

function v6Kind(g: number[]): AddressKind {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return "unspecified";
  if (zeros(0, 7) && g[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach an IPv4 address: judge that one.
  if (zeros(0, 5) && g[5] === 0xffff) return v4Kind(embedded(g, 6));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Kind(embedded(g, 6));
  if ((g[0] & 0xfe00) === 0xfc00) return "unique-local"; // fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local"; // fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return "private"; // fec0::/10, the old site-local
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  // Only global unicast (2000::/3) is public, less its special blocks.
  if ((g[0] & 0xe000) !== 0x2000) return "reserved"; // ::/96 IPv4-compatible, 64:ff9b:1::/48, 100::/64 …
  if (g[0] === 0x2001 && g[1] < 0x0200) return "reserved"; // 2001::/23 IETF protocol assignments (Teredo …)
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "reserved"; // documentation
  if (g[0] === 0x3fff && (g[1] & 0xf000) === 0) return "reserved"; // 3fff::/20 documentation
  if (g[0] === 0x2002) return v4Kind(embedded(g, 1)); // 6to4
  return "public";
}

/** What kind of address `ip` is (IPv4 or IPv6 text, brackets and zone allowed). */
export function addressKind(ip: string): AddressKind {
  const v4 = parseIPv4(ip);
  if (v4) return v4Kind(v4);
  const v6 = parseIPv6(ip);
  return v6 ? v6Kind(v6) : "invalid";
}

export const isPublicAddress = (ip: string): boolean => addressKind(ip) === "public";

/** True for an IP literal (either family), false for a host name. */
export const isIpLiteral = (host: string): boolean => parseIPv4(host) !== null || parseIPv6(host) !== null;
