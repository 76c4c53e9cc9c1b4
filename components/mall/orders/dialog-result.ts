import type { FormInstance } from "antd";
import type { ActionResult } from "@/lib/actions/action";
import { actionFailed } from "@/components/ui/feedback";

/** Shows an action's refusal: under the form fields it names (server field → form field
 * name), else as a toast; an ended session goes to sign-in (components/ui/feedback.ts). */
export function showFailure(form: FormInstance, res: Extract<ActionResult<unknown>, { ok: false }>, fields: Record<string, string | (string | number)[]>): void {
  const placed = Object.entries(res.fieldErrors ?? {}).filter(([name]) => fields[name] !== undefined);
  if (placed.length) form.setFields(placed.map(([name, message]) => ({ name: fields[name], errors: [message] })));
  else actionFailed(res);
}

/** An action's answer, or a refusal with `failed` when the request itself did not complete
 * (network, a new deployment), so every caller shows a message instead of an error page. */
export async function settle<T>(call: Promise<ActionResult<T>>, failed: string): Promise<ActionResult<T>> {
  try {
    return await call;
  } catch {
    return { ok: false, code: "NETWORK", message: failed };
  }
}
