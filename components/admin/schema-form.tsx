"use client";

import { loose, useLooseTranslations } from "@/lib/i18n/loose";
import { Form, Input, InputNumber, Select, Switch } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { z } from "zod";
import { translateIssues } from "@/lib/validation/translate";

// Form fields derived from the zod schema the server action checks: the control follows the
// type (text, long text, number, switch, select for enums), required marks and length/range
// limits follow the checks, and each field validates on change with the same schema and the
// translated messages ("Please enter {label}"...). Overrides handle what a type cannot say.

export type FieldOverride = {
  widget?: "text" | "textarea" | "password" | "number" | "switch" | "select" | "multiSelect";
  /** Choices of a select (default: the enum's values, labelled by `<labels>.options.<field>.<value>`). */
  options?: { value: string | number; label: ReactNode }[];
  /** A control of one's own (cascader, tree select, upload...), bound to the field. */
  control?: ReactNode;
  /** Field props for custom controls, e.g. { valuePropName: "checked" }. */
  itemProps?: Record<string, unknown>;
  hidden?: boolean;
  /** Shown only while the form's values pass (e.g. a channel's own fields); hidden, the field
   * keeps its value in the form's store. */
  visibleWhen?: (values: Record<string, unknown>) => boolean;
  disabled?: boolean;
  hint?: ReactNode;
  placeholder?: string;
  /** Extra props for the generated control (e.g. { addonAfter: "MB" }). */
  props?: Record<string, unknown>;
};

type JsonProp = {
  type?: string | string[];
  enum?: (string | number)[];
  anyOf?: JsonProp[];
  items?: JsonProp;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
};

export type FieldInfo = {
  name: string;
  type: string;
  required: boolean;
  nullable: boolean;
  enum?: (string | number)[];
  itemEnum?: (string | number)[];
  maxLength?: number;
  min?: number;
  max?: number;
  integer: boolean;
};

/** What the schema says about each top-level field, in declaration order. */
export function describeSchema(schema: z.ZodType): FieldInfo[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, JsonProp>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, raw]) => {
    const variants = raw.anyOf ?? [raw];
    const nullable = variants.some((v) => v.type === "null");
    const p = variants.find((v) => v.type !== "null") ?? raw;
    const type = Array.isArray(p.type) ? p.type[0] : (p.type ?? "any");
    return {
      name,
      type,
      nullable,
      enum: p.enum,
      itemEnum: p.items?.enum,
      required: required.has(name) && !nullable && type !== "boolean" && !(type === "string" && (p.minLength ?? 0) === 0 && !p.enum),
      maxLength: p.maxLength,
      min: p.minimum ?? (p.exclusiveMinimum !== undefined ? p.exclusiveMinimum + (type === "integer" ? 1 : 0) : undefined),
      max: p.maximum,
      integer: type === "integer",
    };
  });
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

/** The fields of `schema` as antd Form.Items, labelled from `<labels>.fields.<name>`. */
export function SchemaFields({
  schema,
  labels,
  fields = {},
  order,
  exclude = ["id"],
}: {
  schema: z.ZodType;
  labels: string;
  fields?: Record<string, FieldOverride>;
  order?: string[];
  exclude?: string[];
}) {
  const t = useLooseTranslations(labels);
  const tv = useTranslations("Validation");
  const infos = useMemo(() => describeSchema(schema), [schema]);
  const shape = useMemo(() => shapeOf(schema), [schema]);
  const label = (name: string) => (t.has(`fields.${name}`) ? t(`fields.${name}`) : name);
  const optionLabel = (name: string, v: string | number) => (t.has(`options.${name}.${v}`) ? t(`options.${name}.${v}`) : String(v));
  const list = (order ? order.map((n) => infos.find((i) => i.name === n)).filter((i): i is FieldInfo => !!i) : infos).filter((i) => !exclude.includes(i.name));

  return (
    <>
      {list.map((info) => {
        const o = fields[info.name] ?? {};
        if (o.hidden) return null;
        const name = info.name;
        const fieldSchema = shape[name];
        const rules = fieldSchema
          ? [
              {
                validator: async (_: unknown, value: unknown) => {
                  const r = fieldSchema.safeParse(value === undefined && info.type === "string" ? "" : value);
                  if (!r.success)
                    throw new Error(
                      Object.values(
                        translateIssues(
                          r.error,
                          (k, v) => loose(tv)(k, v),
                          () => label(name),
                          value,
                        ),
                      )[0],
                    );
                },
              },
            ]
          : undefined;
        const widget =
          o.widget ??
          (info.type === "boolean"
            ? "switch"
            : info.enum
              ? "select"
              : info.itemEnum
                ? "multiSelect"
                : info.type === "integer" || info.type === "number"
                  ? "number"
                  : (info.maxLength ?? 0) > 200
                    ? "textarea"
                    : "text");
        const options = o.options ?? (info.enum ?? info.itemEnum)?.map((v) => ({ value: v, label: optionLabel(name, v) }));
        const common = { disabled: o.disabled, placeholder: o.placeholder, ...o.props };
        let control: ReactNode;
        if (o.control) control = o.control;
        else if (widget === "switch") control = <Switch disabled={o.disabled} {...o.props} />;
        else if (widget === "number") control = <InputNumber min={info.min} max={info.max} precision={info.integer ? 0 : undefined} style={{ width: 200 }} {...common} />;
        else if (widget === "select" || widget === "multiSelect")
          control = <Select options={options} mode={widget === "multiSelect" ? "multiple" : undefined} allowClear={!info.required} {...common} />;
        else if (widget === "textarea") control = <Input.TextArea maxLength={info.maxLength} showCount autoSize={{ minRows: 3, maxRows: 8 }} {...common} />;
        else if (widget === "password") control = <Input.Password maxLength={info.maxLength} autoComplete="new-password" {...common} />;
        else control = <Input maxLength={info.maxLength} {...common} />;
        const item = (
          <Form.Item
            key={name}
            name={name}
            label={label(name)}
            required={info.required}
            rules={rules}
            extra={o.hint}
            validateFirst
            valuePropName={widget === "switch" && !o.control ? "checked" : undefined}
            data-testid={`field-${name}`}
            {...o.itemProps}
          >
            {control}
          </Form.Item>
        );
        const when = o.visibleWhen;
        if (!when) return item;
        return (
          <Form.Item key={name} noStyle shouldUpdate>
            {(f) => (when(f.getFieldsValue(true) as Record<string, unknown>) ? item : null)}
          </Form.Item>
        );
      })}
    </>
  );
}
