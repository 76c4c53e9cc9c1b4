import { loose } from "@/lib/i18n/loose";
import type { FormInstance } from "antd";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/action";
import { toast } from "@/components/ui/feedback";
import { translateIssues } from "@/lib/validation/translate";

type Action<T> = (input: unknown) => Promise<ActionResult<T>>;

/**
 * Runs a vehicle form's server action: checks the values with the action's own schema in the
 * browser first, then calls it; every message naming one of the form's fields lands on that
 * field (labels from Vehicles.fields), anything else is a toast. Answers the data or null.
 */
export function useVehicleAction() {
  const tv = useTranslations("Validation");
  const tl = useTranslations("Vehicles.fields");
  const tc = useTranslations("Common");
  return async function run<T>(form: FormInstance, schema: z.ZodType, action: Action<T>, values: Record<string, unknown>, fields: readonly string[]): Promise<T | null> {
    const show = (errors: Record<string, string>, fallback: string) => {
      const onFields = Object.entries(errors).filter(([name]) => fields.includes(name));
      form.setFields(onFields.map(([name, e]) => ({ name, errors: [e] })));
      if (!onFields.length) toast("error", fallback);
    };
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const errors = translateIssues(
        parsed.error,
        (k, v) => loose(tv)(k, v),
        (f) => (loose(tl).has(f) ? loose(tl)(f) : f),
        values,
      );
      show(errors, Object.values(errors)[0]);
      return null;
    }
    let res: ActionResult<T>;
    try {
      res = await action(values);
    } catch {
      toast("error", tc("networkError"));
      return null;
    }
    if (res.ok) return res.data;
    show(res.fieldErrors ?? {}, res.message);
    return null;
  };
}
