import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, clientIp, normalizeIp, parseTrustedProxies, PEER_HEADER } from "./client-ip";
import { installPeerAddressStamp } from "./peer-address";

const none = parseTrustedProxies(undefined);
const saved = process.env.TRUSTED_PROXIES;
afterEach(() => {
  if (saved === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = saved;
});

describe("clientAddress", () => {
  it("without TRUSTED_PROXIES takes the socket's address and ignores forwarded headers", () => {
    expect(clientAddress({ peer: "203.0.113.7", forwardedFor: "198.51.100.1" }, none)).toBe("203.0.113.7");
    expect(clientAddress({ peer: "::ffff:203.0.113.7", forwardedFor: null }, none)).toBe("203.0.113.7");
    expect(clientAddress({ peer: null, forwardedFor: "198.51.100.1" }, none)).toBeNull();
    expect(parseTrustedProxies("")).toEqual({ kind: "none" });
    expect(parseTrustedProxies("0")).toEqual({ kind: "none" });
  });

  it("with a hop count takes the Nth address from the right of X-Forwarded-For", () => {
    const one = parseTrustedProxies("1");
    const two = parseTrustedProxies("2");
    // The client sent a spoofed value; the proxy appended the address it saw.
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.4" }, one)).toBe("198.51.100.4");
    expect(clientAddress({ peer: "10.0.0.3", forwardedFor: "6.6.6.6, 198.51.100.4, 10.0.0.2" }, two)).toBe("198.51.100.4");
    // Fewer entries than hops: the furthest one; no header: the peer.
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "198.51.100.4" }, two)).toBe("198.51.100.4");
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "" }, one)).toBe("10.0.0.2");
    // Garbage where the client's address should be is no address.
    expect(clientAddress({ peer: "10.0.0.2", forwardedFor: "not-an-ip" }, one)).toBeNull();
  });

  it("with a list of proxies walks back from the socket while the address is a trusted proxy", () => {
    const list = parseTrustedProxies("10.0.0.0/8, 192.168.1.5, ::1, fd00::/8");
    expect(clientAddress({ peer: "10.1.2.3", forwardedFor: "6.6.6.6, 198.51.100.4" }, list)).toBe("198.51.100.4");
    expect(clientAddress({ peer: "10.1.2.3", forwardedFor: "6.6.6.6, 198.51.100.4, 192.168.1.5" }, list)).toBe("198.51.100.4");
    expect(clientAddress({ peer: "::1", forwardedFor: "2001:db8::7" }, list)).toBe("2001:db8::7");
    expect(clientAddress({ peer: "fd12::1", forwardedFor: "198.51.100.9" }, list)).toBe("198.51.100.9");
    // A direct client (not a listed proxy) cannot forward anything.
    expect(clientAddress({ peer: "198.51.100.4", forwardedFor: "6.6.6.6" }, list)).toBe("198.51.100.4");
    expect(clientAddress({ peer: "192.168.1.6", forwardedFor: "6.6.6.6" }, list)).toBe("192.168.1.6");
    // Only proxies all the way: the furthest one.
    expect(clientAddress({ peer: "10.0.0.1", forwardedFor: "10.0.0.9" }, list)).toBe("10.0.0.9");
    // No socket address: nothing to start from.
    expect(clientAddress({ peer: null, forwardedFor: "198.51.100.4" }, list)).toBeNull();
  });

  it("refuses a TRUSTED_PROXIES it cannot read", () => {
    for (const bad of ["nginx", "10.0.0.0/33", "10.0.0.1/8/1", "1.2.3", "::1/129"]) expect(() => parseTrustedProxies(bad), bad).toThrow(/TRUSTED_PROXIES/);
  });

  it("normalizes addresses", () => {
    expect(normalizeIp(" ::FFFF:10.0.0.1 ")).toBe("10.0.0.1");
    expect(normalizeIp("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeIp("198.51.100.4:8080")).toBe("198.51.100.4");
    expect(normalizeIp("unknown")).toBeNull();
  });
});

describe("clientIp on a real server", () => {
  it("reads the socket's address stamped by peer-address, whatever the client sends", async () => {
    installPeerAddressStamp();
    const server = http.createServer((req, res) => {
      const get = (n: string) => [req.headers[n]].flat()[0];
      res.end(JSON.stringify({ ip: clientIp(get) }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      delete process.env.TRUSTED_PROXIES;
      const spoofed = { "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7", [PEER_HEADER]: "forged 9.9.9.9" };
      expect(await (await fetch(url, { headers: spoofed })).json()).toEqual({ ip: "127.0.0.1" });
      process.env.TRUSTED_PROXIES = "127.0.0.1";
      expect(await (await fetch(url, { headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.4" } })).json()).toEqual({ ip: "198.51.100.4" });
      process.env.TRUSTED_PROXIES = "1";
      expect(await (await fetch(url, { headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.4" } })).json()).toEqual({ ip: "198.51.100.4" });
    } finally {
      server.close();
    }
  });
});
