"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import { loose, useLooseTranslations } from "@/lib/i18n/loose";
import { Button, Space, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/action";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { translateIssues } from "@/lib/validation/translate";

// Pieces shared by the access screens: a drawer form validated by the server action's own zod
// schema, server field errors shown on the fields, and confirmed one-click actions.

type Action<T> = (input: unknown) => Promise<ActionResult<T>>;

export type FormDrawerProps<V extends object> = {
  title: ReactNode;
  open: boolean;
  form: FormInstance<V>;
  onClose: () => void;
  onSubmit: (values: V) => Promise<boolean>;
  children: ReactNode;
  initialValues?: Partial<V>;
  size?: number;
  testId?: string;
};

// The drawer (antd Drawer and its motion code) is out of the screens' first load.
const LazyFormDrawer = antdDynamic(() => import("./form-drawer").then((m) => m.FormDrawerPanel));

function setErrors(form: FormInstance, errors: Record<string, string>, known: Set<string>): string | null {
  const onFields = Object.entries(errors).filter(([name]) => known.has(name));
  form.setFields(onFields.map(([name, e]) => ({ name, errors: [e] })));
  const rest = Object.entries(errors).filter(([name]) => !known.has(name));
  return rest.length ? rest[0][1] : null;
}

/** Validates with the schema in the browser, then runs the action; errors land on the fields. */
export function useFormAction(labels: string) {
  const tv = useTranslations("Validation");
  const tl = useLooseTranslations(labels);
  const ta = useTranslations("Access");
  const router = useRouter();
  return async function submit<T>(form: FormInstance, schema: z.ZodType, action: Action<T>, values: Record<string, unknown>, success?: string): Promise<T | null> {
    // Registered fields (even empty ones) and values kept in the store without a field.
    const known = new Set([...Object.keys(form.getFieldsValue() as object), ...Object.keys(form.getFieldsValue(true) as object)]);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const errors = translateIssues(
        parsed.error,
        (k, v) => loose(tv)(k, v),
        (f) => (tl.has(f) ? tl(f) : f),
        values,
      );
      const other = setErrors(form, errors, known);
      if (other) toast("error", other);
      return null;
    }
    const res = await action(values);
    if (!res.ok) {
      if (!res.fieldErrors) {
        actionFailed(res); // an ended session goes to sign-in; any other refusal is a toast
        return null;
      }
      const other = setErrors(form, res.fieldErrors, known);
      if (other) toast("error", other);
      return null;
    }
    toast("success", success ?? ta("saved"));
    router.refresh();
    return res.data;
  };
}

/** Confirms, runs an action without a form, and reports the outcome. */
export function useConfirmedAction() {
  const ta = useTranslations("Access");
  const router = useRouter();
  return async function run<T>(
    opts: { title: ReactNode; content?: ReactNode; danger?: boolean; okText?: string },
    action: Action<T>,
    input: unknown,
    success: string,
  ): Promise<boolean> {
    if (!(await confirmDialog({ ...opts, okText: opts.okText ?? ta("confirmOk"), cancelText: ta("cancel") }))) return false;
    const res = await action(input);
    if (!res.ok) {
      actionFailed(res);
      return false;
    }
    toast("success", success);
    router.refresh();
    return true;
  };
}

/** A right-hand drawer with a vertical form and Cancel / Save at the bottom. Nothing renders
 * until it first opens: the drawer's code (./form-drawer.tsx) loads then, on the first click,
 * and stays mounted afterwards so it can animate closed. */
export function FormDrawer<V extends object>(props: FormDrawerProps<V>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <LazyFormDrawer {...(props as unknown as FormDrawerProps<object>)} /> : null;
}

/** A table cell of link-style row actions; hidden entries (no permission) are left out. */
export function RowActions({ items }: { items: ({ key: string; label: string; onClick: () => void; danger?: boolean; hidden?: boolean } | false)[] }) {
  const shown = items.filter((i): i is Exclude<(typeof items)[number], false> => !!i && !i.hidden);
  if (!shown.length) return <span>—</span>;
  return (
    <Space size={0} wrap>
      {shown.map((i) => (
        <Button key={i.key} type="link" size="small" danger={i.danger} onClick={i.onClick} data-testid={`action-${i.key}`}>
          {i.label}
        </Button>
      ))}
    </Space>
  );
}

export type TreeNodeData = { key: number; value: number; title: ReactNode; disabled?: boolean; children?: TreeNodeData[] };

/** Turns an id tree into antd TreeSelect / Tree data with localized titles. */
export function toTreeData<T extends { id: number; nameEn: string; nameZh: string; children?: T[] }>(
  nodes: T[],
  zh: boolean,
  opts: { disabled?: (n: T) => boolean; title?: (n: T) => ReactNode; keep?: (n: T) => boolean } = {},
): TreeNodeData[] {
  return nodes
    .filter((n) => !opts.keep || opts.keep(n))
    .map((n) => ({
      key: n.id,
      value: n.id,
      title: opts.title ? opts.title(n) : zh ? n.nameZh : n.nameEn,
      disabled: opts.disabled?.(n),
      children: n.children?.length ? toTreeData(n.children, zh, opts) : undefined,
    }));
}
