"use client";

import { loose } from "@/lib/i18n/loose";
import { Alert, Button, Drawer, Form, Input, Radio, Space, Spin, Switch } from "antd";
import "@/components/providers/antd-css";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { downloadForEditAction, saveDownloadAction } from "@/lib/downloads/actions";
import type { DownloadUploadRules } from "@/lib/downloads/loader";
import { isHttpsUrl, MAX_CODE, MAX_TITLE, MAX_URL, MIN_CODE } from "@/lib/downloads/schemas";
import type { AttachmentValue } from "@/lib/uploads/formats";
import { LazyRichTextEditor } from "@/components/rich-text/lazy-rich-text-editor";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";

// The item form of managing staff (loaded on demand by DownloadManageBar / DownloadCreateButton):
// title, the source — an external https address or one uploaded file —, an optional verify
// code (shown in clear here: staff give it to dealers), the content (rich text) and pictures,
// enabled. The browser checks what the schema and downloadProblems() check; the server action
// checks again, sanitizes the content and saves the uploads; its messages land on the fields.

type Source = "file" | "url";
type Values = {
  title: string;
  source: Source;
  downloadUrl?: string;
  file?: AttachmentValue[];
  verifyCode?: string;
  content?: string;
  images?: AttachmentValue[];
  enabled: boolean;
};
const FIELDS = ["title", "downloadUrl", "file", "verifyCode", "content", "images", "enabled"] as const;

export function DownloadForm({ id, rules, onClose }: { id: number | null; rules: DownloadUploadRules; onClose: () => void }) {
  const t = useTranslations("Downloads");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(id === null);
  const [title, setTitle] = useState("");
  const [codeUnreadable, setCodeUnreadable] = useState(false);
  const source = Form.useWatch("source", form) ?? "file";
  const label = (field: string) => loose(t)(`fields.${field}`);
  // The values load once per opened item: a re-render of the parent (a new onClose) must not
  // reload them over what the user typed.
  const closeRef = useRef(onClose);
  const failedRef = useRef(t("actions.failed"));
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    void downloadForEditAction({ id })
      .catch(() => null)
      .then((res) => {
        if (!live) return;
        if (!res || !res.ok) {
          toast("error", res?.message ?? failedRef.current);
          return closeRef.current();
        }
        const d = res.data;
        setTitle(d.title);
        setCodeUnreadable(d.codeUnreadable);
        form.setFieldsValue({
          title: d.title,
          source: d.downloadUrl ? "url" : "file",
          downloadUrl: d.downloadUrl ?? "",
          file: d.file,
          verifyCode: d.verifyCode ?? "",
          content: d.content,
          images: d.images,
          enabled: d.enabled,
        });
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [id, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const all = form.getFieldsValue(true) as Values;
    setBusy(true);
    const res = await saveDownloadAction({
      ...(id !== null ? { id } : {}),
      title: all.title,
      content: all.content ?? "",
      enabled: all.enabled,
      verifyCode: all.verifyCode ?? "",
      downloadUrl: all.source === "url" ? (all.downloadUrl ?? "") : "",
      file: all.source === "file" ? (all.file ?? []) : [],
      images: all.images ?? [],
    }).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", t("actions.failed"));
    if (!res.ok) {
      // "images.0.id" → the pictures field.
      const fields = Object.entries(res.fieldErrors ?? {})
        .map(([k, msg]) => [k.split(".")[0], msg] as const)
        .filter(([k]) => (FIELDS as readonly string[]).includes(k));
      if (fields.length) form.setFields(fields.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else actionFailed(res);
      return;
    }
    toast("success", <span data-testid="download-saved">{t(id === null ? "actions.done.created" : "actions.done.saved", { title: all.title })}</span>);
    onClose();
    if (id === null) router.push(`/download/downloadCenters?id=${res.data.id}`);
    else router.refresh();
  };

  // A server message on a field goes away once the field changes.
  const clearErrors = (changed: Partial<Values>) => form.setFields(Object.keys(changed).map((k) => ({ name: k as keyof Values, errors: [] })));
  const urlRule = {
    validator: async (_: unknown, raw: string | undefined) => {
      const url = raw?.trim() ?? "";
      if (!url) throw new Error(tv("required", { label: label("downloadUrl") }));
      if (!isHttpsUrl(url)) throw new Error(t("errors.urlHttps"));
    },
  };
  const fileRule = {
    validator: async (_: unknown, files: AttachmentValue[] | undefined) => {
      if (!files?.length) throw new Error(t("errors.fileRequired"));
    },
  };
  const codeRule = {
    validator: async (_: unknown, raw: string | undefined) => {
      const code = raw?.trim() ?? "";
      if (!code) return;
      if (/\s/.test(code)) throw new Error(tv("pattern", { label: label("verifyCode") }));
      if (code.length < MIN_CODE) throw new Error(tv("minLength", { label: label("verifyCode"), min: MIN_CODE }));
      if (code.length > MAX_CODE) throw new Error(tv("maxLength", { label: label("verifyCode"), max: MAX_CODE }));
    },
  };

  return (
    <Drawer
      open
      title={id === null ? t("form.createTitle") : t("form.editTitle", { title: title || "…" })}
      onClose={onClose}
      size={760}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="download-form-drawer"
      footer={
        <Space style={{ display: "flex", justifyContent: "flex-end" }}>
          <Button onClick={onClose} data-testid="download-form-cancel">
            {t("form.cancel")}
          </Button>
          <Button type="primary" loading={busy} disabled={!loaded} onClick={() => void submit()} data-testid="download-form-save">
            {t("form.save")}
          </Button>
        </Space>
      }
    >
      <Spin spinning={!loaded}>
        <Form<Values>
          form={form}
          name="download"
          layout="vertical"
          requiredMark
          onValuesChange={clearErrors}
          initialValues={{ source: "file", enabled: true, file: [], images: [], content: "" }}
          data-testid="download-form"
        >
          <Form.Item name="title" label={label("title")} rules={[{ required: true, whitespace: true, message: tv("required", { label: label("title") }) }]}>
            <Input maxLength={MAX_TITLE} showCount autoComplete="off" data-testid="download-title" />
          </Form.Item>
          <Form.Item name="source" label={label("source")} required>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              data-testid="download-source"
              options={[
                { value: "file", label: t("form.sourceFile") },
                { value: "url", label: t("form.sourceUrl") },
              ]}
            />
          </Form.Item>
          {source === "url" ? (
            <Form.Item name="downloadUrl" label={label("downloadUrl")} extra={t("form.urlHint")} rules={[urlRule]} required>
              <Input maxLength={MAX_URL} placeholder="https://" autoComplete="off" spellCheck={false} inputMode="url" data-testid="download-url" />
            </Form.Item>
          ) : (
            <Form.Item name="file" label={label("file")} rules={[fileRule]} required>
              <LazyUploadField kind="FILE" rule={rules.file} max={1} />
            </Form.Item>
          )}
          {codeUnreadable && <Alert type="warning" showIcon title={t("form.codeUnreadable")} style={{ marginBottom: 12 }} data-testid="download-code-unreadable" />}
          <Form.Item name="verifyCode" label={label("verifyCode")} extra={t("form.codeHint", { min: MIN_CODE, max: MAX_CODE })} rules={[codeRule]}>
            <Input maxLength={MAX_CODE} autoComplete="off" spellCheck={false} style={{ maxWidth: 280, fontFamily: "monospace" }} data-testid="download-verify-code" />
          </Form.Item>
          <Form.Item name="content" label={label("content")}>
            <LazyRichTextEditor placeholder={t("form.contentPlaceholder")} rule={rules.image} data-testid="download-content-editor" />
          </Form.Item>
          <Form.Item name="images" label={label("images")}>
            <LazyUploadField kind="IMAGE" rule={rules.image} />
          </Form.Item>
          <Form.Item name="enabled" label={label("enabled")} valuePropName="checked" extra={t("form.enabledHint")}>
            <Switch data-testid="download-enabled" />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
