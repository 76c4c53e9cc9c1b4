import { describe, expect, it } from "vitest";
import { z } from "zod";
import { translateIssues } from "./translate";

const t = (key: string, v: Record<string, string | number> = {}) => `${key}(${Object.values(v).join(",")})`;
const label = (f: string) => f.toUpperCase();
const errors = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("expected a failure");
  return translateIssues(r.error, t, label, input);
};

describe("translateIssues", () => {
  const S = z.object({
    name: z.string().trim().min(1).max(5),
    code: z.string().min(3),
    qty: z.number().int().min(1).max(9),
    email: z.email(),
    kind: z.enum(["A", "B"]),
  });
  it("names the field in every message", () => {
    expect(errors(S, { name: "", code: "x", qty: 0, email: "no", kind: "C" })).toEqual({
      name: "required(NAME)",
      code: "minLength(CODE,3)",
      qty: "min(QTY,1)",
      email: "email(EMAIL)",
      kind: "select(KIND)",
    });
  });
  it("treats a missing value as required and a wrong type as a type error", () => {
    expect(errors(S.pick({ qty: true }), {})).toEqual({ qty: "required(QTY)" });
    expect(errors(S.pick({ qty: true }), { qty: "many" })).toEqual({ qty: "number(QTY)" });
    expect(errors(S.pick({ name: true }), { name: "toolong" })).toEqual({ name: "maxLength(NAME,5)" });
    expect(errors(S.pick({ qty: true }), { qty: 1.5 })).toEqual({ qty: "integer(QTY)" });
  });
  it("uses a custom issue's message as a key", () => {
    const P = z.object({ a: z.string(), b: z.string() }).refine((x) => x.a === x.b, { message: "passwordMismatch", path: ["b"] });
    expect(errors(P, { a: "1", b: "2" })).toEqual({ b: "passwordMismatch(B)" });
  });
});
