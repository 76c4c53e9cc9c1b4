import { describe, expect, it } from "vitest";
import { gateDecision, gateRedirectTarget } from "@/lib/auth/proxy-gate";
import { DEFAULT_PATTERN } from "@/lib/qrcode/purposes";
import { safeCallbackPath } from "@/lib/routes";

// A vehicle label's address (purpose VEHICLE, pattern "{url}") opened on a phone without a
// session: the proxy sends it to sign-in with the vehicle's address as callbackUrl, and sign-in
// goes back to exactly that vehicle (the page then answers within the viewer's scope).

const VIN = "LSVAX2BN5RN123456";
const label = `https://dealer.example.com/customerWeb/car/vehicleInformation?vin=${VIN}`;

describe("a vehicle label scanned signed out", () => {
  it("is the default content of a vehicle template", () => {
    expect(DEFAULT_PATTERN.VEHICLE).toBe("{url}");
  });

  it("goes to sign-in and back to the vehicle", () => {
    const url = new URL(label);
    // The proxy sees the path without the base path.
    const pathname = url.pathname.replace(/^\/customerWeb/, "");
    const decision = gateDecision(pathname, false);
    expect(decision).toBe("redirect-login");
    const target = gateRedirectTarget("redirect-login", pathname, url.search);
    expect(target).toBe(`/system/login?callbackUrl=${encodeURIComponent(`/car/vehicleInformation?vin=${VIN}`)}`);
    const callbackUrl = new URL(target, "http://x").searchParams.get("callbackUrl");
    expect(safeCallbackPath(callbackUrl)).toBe(`/car/vehicleInformation?vin=${VIN}`);
    // The address as the label spells it, under the base path, is kept as well.
    expect(safeCallbackPath(`/customerWeb/car/vehicleInformation?vin=${VIN}`)).toBe(`/car/vehicleInformation?vin=${VIN}`);
  });

  it("passes signed in", () => {
    expect(gateDecision("/car/vehicleInformation", true)).toBe("pass");
  });
});
