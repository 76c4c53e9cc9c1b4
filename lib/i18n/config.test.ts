import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, normalizeLocale, resolveLocale } from "./config";

describe("normalizeLocale", () => {
  it.each([
    ["zh-CN", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh_CN", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["ZH-cn", "zh-CN"],
    ["en-US", "en-US"],
    ["en", "en-US"],
    ["en-GB", "en-US"],
    ["dev", "en-US"],
  ])("%s → %s", (input, expected) => expect(normalizeLocale(input)).toBe(expected));
  it.each([null, undefined, "", "fr-FR", "  ", "<script>"])("rejects %s", (input) => expect(normalizeLocale(input)).toBeNull());
});

describe("fromAcceptLanguage", () => {
  it("follows q weights", () => {
    expect(fromAcceptLanguage("en-US;q=0.5, zh-CN;q=0.9")).toBe("zh-CN");
    expect(fromAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(fromAcceptLanguage("fr-FR, en;q=0.7")).toBe("en-US");
  });
  it("skips unsupported and q=0 languages", () => {
    expect(fromAcceptLanguage("fr, de")).toBeNull();
    expect(fromAcceptLanguage("zh;q=0, en;q=0.1")).toBe("en-US");
    expect(fromAcceptLanguage("")).toBeNull();
  });
});

describe("resolveLocale: ?lng=, then cookie, then Accept-Language, then en-US", () => {
  it("prefers the query", () => expect(resolveLocale({ query: "zh-CN", cookie: "en-US", acceptLanguage: "en" })).toBe("zh-CN"));
  it("then the cookie", () => expect(resolveLocale({ query: null, cookie: "zh-CN", acceptLanguage: "en" })).toBe("zh-CN"));
  it("ignores an invalid query", () => expect(resolveLocale({ query: "xx", cookie: "zh-CN" })).toBe("zh-CN"));
  it("then Accept-Language", () => expect(resolveLocale({ acceptLanguage: "zh-CN,zh;q=0.9" })).toBe("zh-CN"));
  it("defaults to en-US", () => expect(resolveLocale({})).toBe("en-US"));
});
