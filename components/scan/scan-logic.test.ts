import { describe, expect, it } from "vitest";
import { addScanned, cameraProblem, codeOnKey, freshRead, plusOne, REPEAT_GAP_MS } from "./scan-logic";

describe("the scan input's key handling", () => {
  it("ends a scan on Enter with the goods code: bare, trimmed, or a label address's ?code=", () => {
    expect(codeOnKey("Enter", "P-100")).toBe("P-100");
    expect(codeOnKey("Enter", "  P-100 \t")).toBe("P-100");
    expect(codeOnKey("Enter", "https://dealer.example.com/customerWeb/goods?code=P-200&x=1")).toBe("P-200");
  });

  it("ignores other keys, empty text, addresses without a code, and Enter while composing (IME)", () => {
    expect(codeOnKey("a", "P-100")).toBeNull();
    expect(codeOnKey("Tab", "P-100")).toBeNull();
    expect(codeOnKey("Enter", "   ")).toBeNull();
    expect(codeOnKey("Enter", "https://dealer.example.com/customerWeb/goods?id=3")).toBeNull();
    expect(codeOnKey("Enter", "P-100", true)).toBeNull();
  });
});

describe("camera reads", () => {
  it("count a code once while it stays in view, again after it was out of sight", () => {
    let r = freshRead(null, "A", 1000);
    expect(r.fresh).toBe(true);
    r = freshRead(r.memory, "A", 1200);
    expect(r.fresh).toBe(false);
    r = freshRead(r.memory, "A", 1200 + REPEAT_GAP_MS - 1);
    expect(r.fresh).toBe(false);
    // Still in view: each read moves the window on.
    r = freshRead(r.memory, "A", 1200 + 2 * REPEAT_GAP_MS - 2);
    expect(r.fresh).toBe(false);
    r = freshRead(r.memory, "A", 1200 + 4 * REPEAT_GAP_MS);
    expect(r.fresh).toBe(true);
  });

  it("count another code at once", () => {
    const a = freshRead(null, "A", 1000);
    expect(freshRead(a.memory, "B", 1001).fresh).toBe(true);
  });

  it("name the camera problem from the browser's error", () => {
    expect(cameraProblem(Object.assign(new Error("x"), { name: "NotAllowedError" }))).toBe("denied");
    expect(cameraProblem({ name: "SecurityError" })).toBe("denied");
    expect(cameraProblem({ name: "NotFoundError" })).toBe("absent");
    expect(cameraProblem({ name: "OverconstrainedError" })).toBe("absent");
    expect(cameraProblem({ name: "NotSupportedError" })).toBe("unsupported");
    expect(cameraProblem(new Error("boom"))).toBe("failed");
    expect(cameraProblem(undefined)).toBe("failed");
  });
});

type L = { goodsId?: number; quantity?: number | string; note?: string };
const ops = (goodsId: number) => ({
  holds: (l: L) => l.goodsId === goodsId,
  isEmpty: (l: L) => !l.goodsId,
  bump: (l: L) => ({ ...l, quantity: plusOne(l.quantity) }),
  fill: (l: L | undefined) => ({ ...l, goodsId, quantity: 1 }),
});

describe("a scanned goods on the lines", () => {
  it("fills the empty line a new form starts with, keeping what it holds", () => {
    const r = addScanned<L>([{ note: "kept" }], ops(7));
    expect(r).toEqual({ lines: [{ note: "kept", goodsId: 7, quantity: 1 }], index: 0 });
  });

  it("adds a line with quantity 1 for goods not on the lines", () => {
    const r = addScanned<L>([{ goodsId: 7, quantity: 1 }], ops(8));
    expect(r).toEqual({
      lines: [
        { goodsId: 7, quantity: 1 },
        { goodsId: 8, quantity: 1 },
      ],
      index: 1,
    });
  });

  it("adds one to the line already holding the goods, leaving the others and the input as they were", () => {
    const before: L[] = [{ goodsId: 7, quantity: 3 }, {}, { goodsId: 8, quantity: "2" }];
    const r = addScanned<L>(before, ops(8));
    expect(r).toEqual({ lines: [{ goodsId: 7, quantity: 3 }, {}, { goodsId: 8, quantity: 3 }], index: 2 });
    expect(before[2].quantity).toBe("2");
  });

  it("counts a quantity a person cleared or mistyped as one", () => {
    expect(plusOne(undefined)).toBe(1);
    expect(plusOne("")).toBe(1);
    expect(plusOne("x")).toBe(1);
    expect(plusOne(0)).toBe(1);
    expect(plusOne(2.5)).toBe(1);
    expect(plusOne("4")).toBe(5);
  });
});
