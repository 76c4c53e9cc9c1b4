import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { MESSAGE_FILES, messagesFor } from "./messages";

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

/** The ICU argument names of a message, e.g. {label} and {type, select, …} → label, type. */
function args(message: string): string[] {
  const names = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if ("value" in el && typeof el.value === "string") names.add(el.value);
      if ("options" in el) for (const o of Object.values(el.options)) walk(o.value);
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const en = leaves(Object.assign({}, ...MESSAGE_FILES["en-US"]) as Tree);
const zh = leaves(Object.assign({}, ...MESSAGE_FILES["zh-CN"]) as Tree);

describe("message files per area", () => {
  it("no namespace is defined in two files (a later file would silently replace it)", () => {
    for (const files of Object.values(MESSAGE_FILES)) {
      const seen = new Set<string>();
      for (const f of files)
        for (const ns of Object.keys(f)) {
          expect(seen.has(ns), ns).toBe(false);
          seen.add(ns);
        }
    }
  });
});

describe("message files", () => {
  it("zh-CN has every en-US key", () => {
    expect([...en.keys()].filter((k) => !zh.has(k))).toEqual([]);
  });
  it("en-US has every zh-CN key", () => {
    expect([...zh.keys()].filter((k) => !en.has(k))).toEqual([]);
  });
  it("every message is valid ICU syntax", () => {
    const broken = [...en, ...zh].filter(([, v]) => {
      try {
        parse(v);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken.map(([k]) => k)).toEqual([]);
  });
  it("no message is empty", () => {
    expect([...en, ...zh].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
  });
  it("both languages use the same placeholders", () => {
    const mismatched = [...en.keys()].filter((k) => zh.has(k) && args(en.get(k)!).join() !== args(zh.get(k)!).join());
    expect(mismatched).toEqual([]);
  });
  it("keeps the spec's fixed texts", () => {
    expect(en.get("App.title")).toBe("Dealer Platform");
    expect(zh.get("App.title")).toBe("经销商平台");
    expect(en.get("Common.errorPrompt")).toBe("Error prompt");
    expect(en.get("Validation.required")).toBe("Please enter {label}");
  });
});

describe("messagesFor", () => {
  it("serves each language", () => {
    expect(messagesFor("en-US").App.title).toBe("Dealer Platform");
    expect(messagesFor("zh-CN").App.title).toBe("经销商平台");
  });
});

describe("fallback", () => {
  it("takes a key English lacks from zh-CN (the specification's fallback), and one Chinese lacks from en-US", async () => {
    const { resolveMessages } = await import("./messages");
    const files = { "en-US": [{ A: { x: "X", onlyEn: "E" } }], "zh-CN": [{ A: { x: "甲", onlyZh: "乙" } }] };
    expect(resolveMessages(files, "en-US")).toEqual({ A: { x: "X", onlyEn: "E", onlyZh: "乙" } });
    expect(resolveMessages(files, "zh-CN")).toEqual({ A: { x: "甲", onlyZh: "乙", onlyEn: "E" } });
  });

  it("fills keys missing in a language from its base, and keeps precompiled messages whole", async () => {
    const { mergeMessages } = await import("./merge");
    const merged = mergeMessages({ A: { x: "X", y: ["compiled", 1] }, B: "b" }, { A: { x: "甲" } });
    expect(merged).toEqual({ A: { x: "甲", y: ["compiled", 1] }, B: "b" });
    expect(mergeMessages({ A: { y: ["en"] } }, { A: { y: ["zh", 2] } })).toEqual({ A: { y: ["zh", 2] } });
  });
});
