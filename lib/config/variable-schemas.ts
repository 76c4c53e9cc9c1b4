import { z } from "zod";
import { zId } from "@/lib/core/zod";
import { variableDef, type VariableDef } from "./variable-registry";
import { VARIABLE_TYPES, type VariableType } from "./variable-types";

export { formValue, VARIABLE_TYPES } from "./variable-types";

// The variable screens' schemas (client-safe). A value is typed by its variable: NUMBER (finite,
// whole unless the variable says decimal, within its min/max), BOOLEAN, TEXT (length) or JSON
// (parses, and matches the variable's shape). The form sends the row's type; the server checks
// it is still the stored type, so the rules applied are the stored variable's.

const MAX_STORED = 2000; // the column's length

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Form value → the stored text, or issues (Validation message keys via translateIssues). */
export function valueSchema(type: VariableType, def: VariableDef | null): z.ZodType<string> {
  switch (type) {
    case "NUMBER": {
      let n = z.number();
      if (!def?.decimal) n = n.multipleOf(1);
      if (def?.min !== undefined) n = n.min(def.min);
      if (def?.max !== undefined) n = n.max(def.max);
      return z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : blankToUndefined(v)), n).transform(String);
    }
    case "BOOLEAN":
      return z.preprocess((v) => (typeof v === "boolean" ? String(v) : blankToUndefined(v)), z.enum(["true", "false"]));
    case "TEXT":
      return z.preprocess((v) => v ?? "", z.string().max(Math.min(def?.maxLength ?? MAX_STORED, MAX_STORED)));
    case "JSON":
      return z
        .string()
        .trim()
        .min(1)
        .transform((s, ctx) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(s);
          } catch {
            ctx.addIssue({ code: "custom", message: "pattern", input: s });
            return z.NEVER;
          }
          const shaped = def?.schema ? def.schema.safeParse(parsed) : null;
          if (shaped && !shaped.success) {
            ctx.addIssue({ code: "custom", message: "pattern", input: s });
            return z.NEVER;
          }
          const stored = JSON.stringify(parsed);
          if (stored.length > MAX_STORED) ctx.addIssue({ code: "too_big", origin: "string", maximum: MAX_STORED, inclusive: true, input: s });
          return stored;
        });
  }
}

/** The stored text of a checked form value (the schema has run: this cannot fail). */
export function storedValue(type: VariableType, key: string, value: unknown): string {
  return valueSchema(type, variableDef(key)).parse(value);
}

const zValue = z
  .union([z.string().max(20_000), z.number(), z.boolean()])
  .nullable()
  .optional();

function checkValue(key: string, type: VariableType, value: unknown, ctx: z.RefinementCtx) {
  const r = valueSchema(type, variableDef(key)).safeParse(value);
  if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: ["value"] } as z.core.$ZodRawIssue);
}

/** Edit of a platform value (system/systemVariableDefault); `id` is the key. */
export const ZVariableDefaultSave = z
  .object({ id: z.string().trim().min(1).max(100), type: z.enum(VARIABLE_TYPES), value: zValue })
  .superRefine((v, ctx) => checkValue(v.id, v.type, v.value, ctx));
export type TVariableDefaultSave = z.infer<typeof ZVariableDefaultSave>;

/** A company's own value (system/systemVariable). */
export const ZVariableSave = z
  .object({ id: zId.optional(), key: z.string().trim().min(1).max(100), companyId: zId, type: z.enum(VARIABLE_TYPES), value: zValue })
  .superRefine((v, ctx) => checkValue(v.key, v.type, v.value, ctx));
export type TVariableSave = z.infer<typeof ZVariableSave>;

export const ZVariableKey = z.object({ key: z.string().trim().min(1).max(100) });
export type TVariableKey = z.infer<typeof ZVariableKey>;
