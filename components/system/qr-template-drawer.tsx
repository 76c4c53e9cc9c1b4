"use client";

import { Checkbox, Form, Input, InputNumber, Radio, Select, Switch } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";
import {
  LABEL_FIELDS,
  LABEL_HEIGHT_MM,
  LABEL_POSITIONS,
  LABEL_WIDTH_MM,
  PURPOSE_PLACEHOLDERS,
  QR_PURPOSES,
  QR_SIZE_PX,
  type QrLayout,
  type QrPurpose,
} from "@/lib/qrcode/purposes";
import { QR_ERROR_LEVELS, type QrErrorLevel } from "@/lib/qrcode/render-options";
import { saveQrTemplateAction } from "@/lib/qrcode/template-actions";
import { MAX_PATTERN, MAX_TEMPLATE_NAME, ZQrTemplateSave } from "@/lib/qrcode/template-schemas";
import type { UploadRule } from "@/lib/uploads/formats";
import { useFormAction } from "./admin-kit";
import { FormDrawerPanel } from "./form-drawer";
import { newTemplate, type QrTemplateEditing, type QrTemplateValues as Values } from "./qr-template-admin";
import css from "./qr-template.module.css";

// The template drawer with its schema, loaded when it first opens (qr-template-admin.tsx): the
// form, and beside it the live preview (the preview endpoint's SVG, fetched 300 ms after the
// last change) and a sketch of the label at the layout's proportions with sample values.

export const PREVIEW_PATH = "/customerWeb/api/qrcode/preview";
const DEBOUNCE_MS = 300;

type PreviewInput = { purpose: QrPurpose; pattern: string; size: number; errorLevel: QrErrorLevel; logoId?: string };

/** The preview endpoint's address for the form's values (what the <img> shows). */
export function previewUrl(v: PreviewInput): string {
  const p = new URLSearchParams({ purpose: v.purpose, pattern: v.pattern, size: String(v.size), errorLevel: v.errorLevel, format: "svg" });
  if (v.logoId) p.set("logoId", v.logoId);
  return `${PREVIEW_PATH}?${p}`;
}

/** Fetches the preview after the values rest for 300 ms; an error shows the endpoint's message. */
function usePreview(input: PreviewInput | null) {
  const [state, setState] = useState<{ src: string | null; url: string | null; error: string | null }>({ src: null, url: null, error: null });
  const url = input ? previewUrl(input) : null;
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(url, { signal: abort.signal, credentials: "same-origin" });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          setState({ src: null, url, error: body?.message ?? res.statusText });
          return;
        }
        objectUrl = URL.createObjectURL(await res.blob());
        setState({ src: objectUrl, url, error: null });
      } catch (e) {
        if (!abort.signal.aborted) setState({ src: null, url, error: e instanceof Error ? e.message : String(e) });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

/** The label at its layout's proportions: a code placeholder and the chosen fields with sample values. */
function LabelSketch({ layout }: { layout: QrLayout }) {
  const t = useTranslations("QrcodeModel");
  return (
    <figure style={{ margin: 0 }}>
      <figcaption className={css.hint}>
        {t("sketch")}: {t("sketchHint", { width: layout.widthMm, height: layout.heightMm, position: t(`positions.${layout.position}`) })}
      </figcaption>
      <div className={css.label} data-position={layout.position} style={{ aspectRatio: `${layout.widthMm} / ${layout.heightMm}` }} data-testid="label-sketch">
        <div className={css.code} aria-hidden="true" />
        <dl className={css.lines}>
          {layout.fields.map((f) => (
            <div key={f} data-testid={`sketch-${f}`}>
              <dt>{t(`field.${f as "vin"}`)}</dt>
              <dd>{t(`samples.${f as "vin"}`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </figure>
  );
}

export function QrTemplateDrawer({ open, editing, rule, onClose }: { open: boolean; editing: QrTemplateEditing | null; rule: UploadRule; onClose: () => void }) {
  const t = useTranslations("QrcodeModel");
  const tf = useTranslations("QrcodeModel.fields");
  const th = useTranslations("QrcodeModel.hints");
  const [form] = Form.useForm<Values>();
  const submit = useFormAction("QrcodeModel.fields");
  // Client-only (antdDynamic, no server render): as wide as the phone, at most 960 px.
  const [width] = useState(() => Math.min(960, window.innerWidth));
  useEffect(() => {
    if (!open || !editing) return;
    form.resetFields();
    form.setFieldsValue(editing as Values);
  }, [open, editing, form]);

  const purpose: QrPurpose = Form.useWatch("purpose", form) ?? editing?.purpose ?? "VEHICLE";
  const pattern: string = Form.useWatch("pattern", form) ?? editing?.pattern ?? "";
  const size: number = Form.useWatch("size", form) ?? editing?.size ?? 256;
  const errorLevel: QrErrorLevel = Form.useWatch("errorLevel", form) ?? editing?.errorLevel ?? "M";
  const logo = Form.useWatch("logo", form) ?? editing?.logo ?? [];
  const layout: QrLayout = { ...newTemplate(purpose).layout!, ...editing?.layout, ...(Form.useWatch("layout", form) as Partial<QrLayout> | undefined) };
  const preview = usePreview(open && pattern.trim() && size ? { purpose, pattern, size, errorLevel, logoId: logo[0]?.id } : null);

  // A new purpose brings its own placeholders and label fields: keep what still fits.
  const onPurpose = (next: QrPurpose) => {
    const fresh = newTemplate(next);
    const current = form.getFieldsValue(true) as Values;
    const fields = (current.layout?.fields ?? []).filter((f) => LABEL_FIELDS[next].includes(f));
    form.setFieldsValue({ pattern: fresh.pattern, layout: { ...current.layout, fields: fields.length ? fields : fresh.layout!.fields } });
  };

  const onSubmit = async (v: Values) => {
    const input = { ...v, id: editing?.id, logo: (v.logo ?? []).map((l) => ({ id: l.id })) };
    return !!(await submit(form, ZQrTemplateSave, saveQrTemplateAction, input));
  };

  return (
    <FormDrawerPanel<Values>
      title={editing?.id ? t("editTitle", { name: editing.name ?? "" }) : t("createTitle")}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={onSubmit}
      initialValues={editing ?? undefined}
      size={width}
      testId="edit-drawer"
    >
      <div className={css.layout}>
        <div>
          <Form.Item name="name" data-testid="field-name" label={tf("name")} required>
            <Input maxLength={MAX_TEMPLATE_NAME} />
          </Form.Item>
          <Form.Item name="purpose" data-testid="field-purpose" label={tf("purpose")} required>
            <Select onChange={onPurpose} options={QR_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))} />
          </Form.Item>
          <Form.Item
            name="pattern"
            data-testid="field-pattern"
            label={tf("pattern")}
            extra={th("pattern", { placeholders: PURPOSE_PLACEHOLDERS[purpose].map((p) => `{${p}}`).join(" ") })}
            required
          >
            <Input maxLength={MAX_PATTERN} spellCheck={false} />
          </Form.Item>
          <Form.Item name="size" data-testid="field-size" label={tf("size")} extra={th("size", QR_SIZE_PX)} required>
            <InputNumber min={QR_SIZE_PX.min} max={QR_SIZE_PX.max} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="errorLevel" data-testid="field-errorLevel" label={tf("errorLevel")} extra={th("errorLevel")} required>
            <Select options={QR_ERROR_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }))} />
          </Form.Item>
          <Form.Item name="logo" data-testid="field-logo" label={tf("logo")} extra={th("logo")}>
            <LazyUploadField kind="IMAGE" rule={rule} max={1} id="field-logo" />
          </Form.Item>
          <Form.Item name={["layout", "fields"]} data-testid="field-layout-fields" label={tf("layout.fields")}>
            <Checkbox.Group options={LABEL_FIELDS[purpose].map((f) => ({ value: f, label: t(`field.${f as "vin"}`) }))} />
          </Form.Item>
          <Form.Item name={["layout", "position"]} data-testid="field-layout-position" label={tf("layout.position")} required>
            <Radio.Group options={LABEL_POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))} />
          </Form.Item>
          <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
            <Form.Item name={["layout", "widthMm"]} data-testid="field-layout-widthMm" label={tf("layout.widthMm")} required>
              <InputNumber min={LABEL_WIDTH_MM.min} max={LABEL_WIDTH_MM.max} precision={0} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name={["layout", "heightMm"]} data-testid="field-layout-heightMm" label={tf("layout.heightMm")} required>
              <InputNumber min={LABEL_HEIGHT_MM.min} max={LABEL_HEIGHT_MM.max} precision={0} style={{ width: 140 }} />
            </Form.Item>
          </div>
          <div style={{ display: "flex", gap: 24, flexWrap: "wrap" }}>
            <Form.Item name="isDefault" data-testid="field-isDefault" label={tf("isDefault")} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="enabled" data-testid="field-enabled" label={tf("enabled")} valuePropName="checked">
              <Switch />
            </Form.Item>
          </div>
        </div>
        <aside className={css.side} aria-label={t("preview")}>
          <strong>{t("preview")}</strong>
          <div className={css.preview} aria-live="polite">
            {preview.src ? (
              // eslint-disable-next-line @next/next/no-img-element -- a blob: URL of the endpoint's SVG, not an optimisable asset
              <img src={preview.src} alt={t("previewAlt", { content: pattern })} data-testid="qr-preview" data-url={preview.url ?? ""} />
            ) : preview.error ? (
              <span className={css.error} role="alert" data-testid="qr-preview-error">
                {t("previewFailed", { message: preview.error })}
              </span>
            ) : null}
          </div>
          <span className={css.hint}>{t("previewHint")}</span>
          <LabelSketch layout={layout} />
        </aside>
      </div>
    </FormDrawerPanel>
  );
}
