// The variable types and the form's view of a stored value, without zod, so the list screens
// (system/systemVariableDefault, system/systemVariable) can use them and load the schemas
// (lib/config/variable-schemas.ts) only when a drawer validates.

export type VariableType = "NUMBER" | "TEXT" | "BOOLEAN" | "JSON";

export const VARIABLE_TYPES = ["NUMBER", "TEXT", "BOOLEAN", "JSON"] as const satisfies readonly VariableType[];

/** Stored text → the form control's value (InputNumber, Switch, TextArea, Input). */
export function formValue(type: VariableType, raw: string): string | number | boolean {
  if (type === "NUMBER") return Number(raw);
  if (type === "BOOLEAN") return raw === "true";
  if (type === "JSON") {
    try {
      return JSON.stringify(JSON.parse(raw), null, 2);
    } catch {
      return raw;
    }
  }
  return raw;
}
