import { describe, expect, it } from "vitest";
import { ZSignIn } from "./schemas";

describe("sign-in input", () => {
  it("refuses control characters in the account (a NUL made PostgreSQL answer 500)", () => {
    const res = ZSignIn.safeParse({ account: "dealer\u0000.sh", password: "Dealer@123456" });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({ path: ["account"], message: "controlChars" });
    expect(ZSignIn.safeParse({ account: "dealer.sh", password: "Dealer@123456" }).success).toBe(true);
  });
});
