"use client";

import { loose } from "@/lib/i18n/loose";
import { CameraOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Upload, type UploadFile, type UploadProps } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from "react";
import { toast } from "@/components/ui/feedback";
import { DEFAULT_RULES, type AttachmentKindName, type AttachmentValue, type UploadRule } from "@/lib/uploads/formats";
import { formatList, precheck } from "@/lib/uploads/limits";
import { sendUpload, UploadAborted, type UploadedJson } from "@/components/uploads/send-upload";
import { UploadPreview } from "@/components/uploads/upload-preview";

// The one upload field (complaints, returns, goods pictures, news, downloads). Controlled
// (`value` / `onChange`, a list of attachment descriptors), so it sits inside an antd Form.Item;
// the form's action then saves the ids with linkAttachments(). The browser pre-checks count,
// format and size with the server's own rules and messages; the server stays authoritative.

// The cropper (antd-img-crop, with react-easy-crop) loads only for fields that crop.
const ImgCrop = lazy(() => import("antd-img-crop"));

export type UploadFieldProps = {
  kind: AttachmentKindName;
  value?: AttachmentValue[];
  onChange?: (value: AttachmentValue[]) => void;
  /** The kind's rule as the server has it (getUploadRule on the page); defaults otherwise. */
  rule?: UploadRule;
  /** Fewer files than the rule allows for this field (never more). */
  max?: number;
  /** Crop each image before it is sent; images then go one at a time (spec). Default: the
   * rule's cropping (the image use's setting on system/attachmentConfig, imageRuleFor). */
  crop?: boolean | { aspect?: number };
  /** Show the limits under the field ("Size not over 5 MB; formats: jpg/png/webp"). */
  hint?: boolean;
  disabled?: boolean;
  id?: string;
  /** Images: a "Take a photo" button on touch screens that opens the camera (capture), beside
   * the picker, which still offers the gallery. */
  camera?: boolean;
};

const ACCEPT: Record<string, string> = {
  jpg: ".jpg,.jpeg",
  png: ".png",
  webp: ".webp",
  mp4: ".mp4",
  webm: ".webm",
  mov: ".mov",
  pdf: ".pdf",
  xlsx: ".xlsx",
  docx: ".docx",
  zip: ".zip",
  apk: ".apk",
  hap: ".hap",
};

const asFile = (v: AttachmentValue): UploadFile => ({ uid: v.id, name: v.name, status: "done", url: v.url, thumbUrl: v.thumbUrl ?? undefined });

export function UploadField({ kind, value, onChange, rule = DEFAULT_RULES[kind], max, crop: cropProp, hint = true, disabled, id, camera = false }: UploadFieldProps) {
  const crop = cropProp ?? (rule.crop ? { aspect: rule.crop.aspect ?? undefined } : false);
  const t = useTranslations("Uploads");
  const limit = Math.min(max ?? rule.maxCount, rule.maxCount);
  const current = value ?? [];
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<AttachmentValue | null>(null);
  // Several uploads can finish in one tick: each appends to the latest value, not a stale one.
  const latest = useRef(current);
  const inflight = useRef(0);
  useEffect(() => {
    latest.current = value ?? [];
  }, [value]);
  const emit = (next: AttachmentValue[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const refused = (file: { name: string; size: number }, index: number): boolean => {
    const problem = precheck(rule, file, latest.current.length + inflight.current + index, limit);
    if (problem) toast("error", loose(t)(problem.key, problem.values));
    return !!problem;
  };

  const beforeUpload: UploadProps["beforeUpload"] = (file, batch) => (refused(file, crop ? 0 : batch.indexOf(file)) ? Upload.LIST_IGNORE : true);

  const customRequest: UploadProps["customRequest"] = ({ file, onProgress, onSuccess, onError }) => {
    const count = latest.current.length + inflight.current++;
    const { done, abort } = sendUpload({ file: file as File, kind, count, fallbackMessage: t("errors.failed"), onProgress: (percent) => onProgress?.({ percent }) });
    done
      .then((res) => onSuccess?.(res))
      .catch((err: Error) => {
        // Closing the form (or removing the file) aborts its upload: that is not an error to show.
        if (!(err instanceof UploadAborted)) toast("error", err.message);
        onError?.(err);
      })
      .finally(() => inflight.current--);
    return { abort };
  };

  const handleChange: UploadProps["onChange"] = ({ file }) => {
    if (file.status === "done" && file.response) {
      const r = file.response as UploadedJson;
      setPending((p) => p.filter((f) => f.uid !== file.uid));
      emit([...latest.current, { id: r.id, name: r.name, url: r.url, thumbUrl: r.thumbUrl, kind: r.kind }]);
    } else if (file.status === "removed") {
      setPending((p) => p.filter((f) => f.uid !== file.uid));
      if (latest.current.some((v) => v.id === file.uid)) emit(latest.current.filter((v) => v.id !== file.uid));
    } else {
      setPending((p) => (p.some((f) => f.uid === file.uid) ? p.map((f) => (f.uid === file.uid ? file : f)) : [...p, file]));
    }
  };

  const onPreview = (file: UploadFile) => {
    const item = latest.current.find((v) => v.id === file.uid);
    if (!item) return;
    if (item.kind === "FILE" || item.kind === "APP_PACKAGE") window.open(item.url, "_blank", "noopener");
    else setPreview(item);
  };

  const fileList = [...current.map(asFile), ...pending];
  const full = fileList.filter((f) => f.status !== "error").length >= limit;
  const picture = kind === "IMAGE";
  const trigger =
    full || disabled ? null : picture ? (
      <button type="button" style={{ border: 0, background: "none", cursor: "pointer" }}>
        <PlusOutlined />
        <div style={{ marginTop: 8 }}>{t("upload")}</div>
      </button>
    ) : (
      <Button icon={<UploadOutlined />}>{t("upload")}</Button>
    );

  const upload = (
    <Upload
      id={id}
      listType={picture ? "picture-card" : "text"}
      fileList={fileList}
      accept={rule.formats.map((f) => ACCEPT[f]).join(",")}
      multiple={!crop && limit - current.length > 1}
      disabled={disabled}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={handleChange}
      onPreview={onPreview}
      showUploadList={{ showPreviewIcon: kind !== "FILE", showRemoveIcon: !disabled, showDownloadIcon: false }}
    >
      {trigger}
    </Upload>
  );
  const aspect = typeof crop === "object" ? crop.aspect : undefined;
  // Its files join the same list, rules and progress as the picker's (one pipeline, two inputs).
  const shoot =
    camera && picture && !crop && !full && !disabled ? (
      <div className="dp-touch-only" style={{ marginTop: 8 }} data-testid="upload-camera">
        <Upload accept="image/*" capture="environment" showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} onChange={handleChange}>
          <Button icon={<CameraOutlined />} size="large">
            {t("takePhoto")}
          </Button>
        </Upload>
      </div>
    ) : null;

  // The camera button sits outside the field's own box: that box holds the one picker input.
  return (
    <>
      <div data-testid={`upload-${kind.toLowerCase()}`}>
        {crop && picture ? (
          <Suspense fallback={upload}>
            <ImgCrop
              rotationSlider
              aspect={aspect}
              // No fixed shape: the person picks one.
              aspectSlider={aspect === undefined}
              modalTitle={t("cropTitle")}
              modalOk={t("cropOk")}
              modalCancel={t("cropCancel")}
              resetText={t("cropReset")}
              beforeCrop={(file) => !refused(file, 0)}
            >
              {upload as ReactElement}
            </ImgCrop>
          </Suspense>
        ) : (
          upload
        )}
        {hint && <div style={{ color: "rgba(0,0,0,0.6)", fontSize: 13, lineHeight: "20px", marginTop: 4 }}>{hintText(loose(t), rule)}</div>}
        <UploadPreview item={preview} onClose={() => setPreview(null)} />
      </div>
      {shoot}
    </>
  );
}

function hintText(t: (key: string, values: Record<string, string | number>) => string, rule: UploadRule): string {
  const values = { size: rule.maxSizeMb, formats: formatList(rule) };
  if (rule.kind === "VIDEO") return t("hints.video", { ...values, seconds: rule.suggestedSeconds ?? 10 });
  return t(rule.kind === "IMAGE" ? "hints.image" : "hints.file", values);
}

export default UploadField;
