import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zOptionalText, zText } from "@/lib/core/zod";
import { cursorIdFits, decodeTimeCursor, int4Id, INT4_MAX } from "./ids";
import { cleanParam, controlCharField, hasControlChars } from "./text";
import { translateIssues } from "./translate";

describe("control characters", () => {
  it("are C0 controls but tab, line feed and carriage return", () => {
    for (const c of ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u000e", "\u001b", "\u001f"]) expect(hasControlChars(`a${c}b`)).toBe(true);
    for (const s of ["a\tb", "line\r\nline", "中文", "emoji 🚗", "\u007f", "\u00a0"]) expect(hasControlChars(s)).toBe(false);
  });

  it("are found at any depth, in keys and in FormData, with the field's path", () => {
    expect(controlCharField({ a: "x", b: [{ c: "ok" }, { d: "n\u0000" }] })).toBe("b.1.d");
    expect(controlCharField({ ["k\u0000"]: 1 })).toBe("k\u0000");
    expect(controlCharField("\u0000")).toBe("_form");
    const form = new FormData();
    form.set("name", "a\u0000");
    expect(controlCharField(form)).toBe("name");
    expect(controlCharField({ a: 1, b: null, c: ["fine\n"], d: { e: true } })).toBeNull();
  });

  it("make the shared text primitives fail with the controlChars message", () => {
    const S = z.object({ name: zText(20), remark: zOptionalText(20) });
    const r = S.safeParse({ name: "a\u0000", remark: "b\u0001" });
    expect(r.success).toBe(false);
    const t = (key: string, v: Record<string, string | number> = {}) => `${key}(${Object.values(v).join(",")})`;
    expect(translateIssues(r.error!, t, (f) => f.toUpperCase())).toEqual({ name: "controlChars(NAME)", remark: "controlChars(REMARK)" });
    expect(S.safeParse({ name: "ok\ttab", remark: null }).success).toBe(true);
  });

  it("empty a URL search parameter", () => {
    expect(cleanParam("  brake ", 50)).toBe("brake");
    expect(cleanParam("brake\u0000", 50)).toBe("");
    expect(cleanParam(null, 50)).toBe("");
  });
});

describe("ids and cursors from URLs", () => {
  it("fit PostgreSQL's integer", () => {
    expect(int4Id("1")).toBe(1);
    expect(int4Id(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of [String(INT4_MAX + 1), "9999999999", "99999999999999999999", "0", "-1", "1.5", "1e3", "", null]) expect(int4Id(bad)).toBeNull();
    expect(cursorIdFits("10_2147483647")).toBe(true);
    expect(cursorIdFits("10_2147483648")).toBe(false);
  });

  it("decode as the lists wrote them, or not at all", () => {
    expect(decodeTimeCursor("a1700000000000_42")).toEqual({ before: false, at: new Date(1_700_000_000_000), id: 42 });
    expect(decodeTimeCursor("b1700000000000_42")?.before).toBe(true);
    for (const bad of ["a1700000000000_9999999999", "a1700000000000_0", "c1_1", "a1_", "", null, "a9999999999999999_1"]) expect(decodeTimeCursor(bad)).toBeNull();
  });
});
