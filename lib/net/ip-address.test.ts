import { describe, expect, it } from "vitest";
import { addressKind, isIpLiteral, isPublicAddress, parseIPv6 } from "./ip-address";

describe("addressKind", () => {
  it("knows the IPv4 ranges that are not public", () => {
    const cases: [string, string][] = [
      ["0.0.0.0", "unspecified"],
      ["0.1.2.3", "unspecified"],
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["10.0.0.1", "private"],
      ["10.255.255.255", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["100.64.0.1", "private"],
      ["169.254.169.254", "link-local"],
      ["169.254.0.1", "link-local"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["255.255.255.255", "reserved"],
      ["240.0.0.1", "reserved"],
      ["192.0.2.1", "reserved"],
      ["198.51.100.7", "reserved"],
      ["203.0.113.9", "reserved"],
      ["198.18.0.1", "reserved"],
      ["192.0.0.8", "reserved"],
    ];
    for (const [ip, kind] of cases) expect([ip, addressKind(ip)]).toEqual([ip, kind]);
  });

  it("lets public IPv4 through, including the neighbours of private ranges", () => {
    for (const ip of ["8.8.8.8", "52.219.170.1", "172.15.255.255", "172.32.0.1", "11.0.0.1", "100.63.255.255", "100.128.0.1", "169.253.255.255", "223.255.255.255", "1.1.1.1"])
      expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
  });

  it("knows the IPv6 ranges that are not public, and judges IPv4 carried inside IPv6 as IPv4", () => {
    const cases: [string, string][] = [
      ["::", "unspecified"],
      ["::1", "loopback"],
      ["[::1]", "loopback"],
      ["fe80::1", "link-local"],
      ["fe80::1%eth0", "link-local"],
      ["febf::1", "link-local"],
      ["fc00::1", "unique-local"],
      ["fd12:3456:789a::1", "unique-local"],
      ["fec0::1", "private"],
      ["ff02::1", "multicast"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:10.0.0.1", "private"],
      ["::ffff:169.254.169.254", "link-local"],
      ["[::ffff:192.168.0.1]", "private"],
      ["64:ff9b::a9fe:a9fe", "link-local"],
      ["64:ff9b::127.0.0.1", "loopback"],
      ["64:ff9b:1::1", "reserved"],
      ["2002:7f00:1::", "loopback"],
      ["2002:a00:1::1", "private"],
      ["::127.0.0.1", "reserved"],
      ["100::1", "reserved"],
      ["2001:db8::1", "reserved"],
      ["2001::1", "reserved"],
      ["3fff::1", "reserved"],
    ];
    for (const [ip, kind] of cases) expect([ip, addressKind(ip)]).toEqual([ip, kind]);
  });

  it("lets public IPv6 through", () => {
    for (const ip of ["2600:1f18::1", "2a00:1450:4001:82b::200e", "2001:4860:4860::8888", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])
      expect([ip, addressKind(ip)]).toEqual([ip, "public"]);
  });

  it("refuses what is not an address", () => {
    for (const s of ["", "localhost", "s3.example.com", "1.2.3", "1.2.3.256", "01.2.3.4.5", ":::", "1::2::3", "12345::", "::g", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3"])
      expect([s, addressKind(s)]).toEqual([s, "invalid"]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6("1::8")).toEqual([1, 0, 0, 0, 0, 0, 0, 8]);
    expect(isIpLiteral("s3.example.com")).toBe(false);
    expect(isIpLiteral("[::1]")).toBe(true);
  });
});
