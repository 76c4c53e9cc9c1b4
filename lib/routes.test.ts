import { describe, expect, it } from "vitest";
import { redirectRoutes, redirectTarget, safeCallbackPath } from "./routes";

describe("redirectTarget", () => {
  it("keeps the query string when asked", () => {
    expect(redirectTarget("onlineMall/car/goods", "?group=1&q=x", true)).toBe("/onlineMall/car/goods?group=1&q=x");
    expect(redirectTarget("onlineMall/car/goods", new URLSearchParams("a=1"), true)).toBe("/onlineMall/car/goods?a=1");
    expect(redirectTarget("x", { a: "1", b: ["2", "3"], c: undefined }, true)).toBe("/x?a=1&b=2&b=3");
  });
  it("drops it otherwise, and never leaves a dangling ?", () => {
    expect(redirectTarget("system/workbench/home", "?a=1", false)).toBe("/system/workbench/home");
    expect(redirectTarget("/home", "", true)).toBe("/home");
  });
  it("sends /onlineMall to the vehicle mall with its query", () => {
    const r = redirectRoutes["onlineMall"];
    expect(redirectTarget(r.to, "?x=1", r.keepQuery)).toBe("/onlineMall/car/goods?x=1");
  });
});

describe("safeCallbackPath", () => {
  it("follows paths inside the app", () => {
    expect(safeCallbackPath("/system/menu")).toBe("/system/menu");
    expect(safeCallbackPath("/customerWeb/system/role?x=1")).toBe("/system/role?x=1");
  });
  it("answers only a path that is safe in a Location header (a newline gave 500, and browsers drop it: '/\\n/evil' is '//evil')", () => {
    for (const bad of ["/\n/evil", "/%0A/evil", "/\r\nSet-Cookie:x=1", "/\t/evil", "/ /evil", "/system\u0000/menu", "/\u2028/evil"]) {
      expect(safeCallbackPath(bad), JSON.stringify(bad)).toBe("/system/workbench/home");
    }
    expect(safeCallbackPath("/system/menu?q=中文#x")).toBe("/system/menu?q=%E4%B8%AD%E6%96%87#x");
    expect(safeCallbackPath("/customerWebevil")).toBe("/customerWebevil");
    expect(safeCallbackPath("/system/loginLog")).toBe("/system/loginLog");
    expect(safeCallbackPath("/system/login/")).toBe("/system/workbench/home");
    expect(safeCallbackPath("/system/../../evil")).toBe("/evil");
    for (const s of ["/%0A/evil", "/\n/evil", "/system/menu?q=中文"]) expect(safeCallbackPath(s)).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
  });

  it("keeps an OAuth authorization request's query whole, encoded spaces and URIs included (issue 22)", () => {
    const here = "/oauth/authorize?response_type=code&client_id=dealer-app&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&scope=orders%3Aread%20goods%3Aread&state=x";
    expect(safeCallbackPath(here)).toBe(here);
    expect(safeCallbackPath(`/customerWeb${here}`)).toBe(here);
    expect(safeCallbackPath("/%20/evil?x=1")).toBe("/system/workbench/home");
    expect(safeCallbackPath("/oauth/authorize?x=a b")).toBe("/system/workbench/home");
    expect(safeCallbackPath("/oauth/authorize?x=a\\b")).toBe("/system/workbench/home");
  });

  it("refuses other sites and loops back to sign-in", () => {
    for (const bad of ["https://evil.example/x", "//evil.example", "/\\evil", "javascript:alert(1)", "/system/login", "", null]) {
      expect(safeCallbackPath(bad)).toBe("/system/workbench/home");
    }
  });
});
