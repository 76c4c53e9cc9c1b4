"use client";

import { Form, Input, Modal, Select } from "antd";
import "@/components/providers/antd-css";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { fileComplaintAction } from "@/lib/after-sales/complaints/actions";
import type { ComplaintUploadRules } from "@/lib/after-sales/complaints/queries";
import { MAX_DESCRIPTION, MAX_QUESTION_NOTE, MAX_VIDEOS } from "@/lib/after-sales/complaints/schemas";
import { dictOptions, type DictItemView } from "@/lib/dict/items";
import type { AttachmentValue } from "@/lib/uploads/formats";
import { normalizeVin, vinProblem } from "@/lib/vehicles/vin";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";

// The "file a complaint" form (loaded on demand by ComplaintFileButton): VIN (optional, checked
// by ISO 3779 as the server's zVin does), category, question description, images and one video
// under the configured upload rules (the video field's hint carries "suggested under N
// seconds"), question note. The server action validates again and saves the uploads against the
// same rules; its messages land on the fields. Success opens the new complaint.

type Values = { vin?: string; category?: string | null; description: string; qesImg?: AttachmentValue[]; qesVideo?: AttachmentValue[]; questionNote?: string };
const FIELDS = ["vin", "category", "description", "qesImg", "qesVideo", "questionNote"] as const;
const PROBLEM_KEY = { length: "vinLength", characters: "vinCharacters", checkDigit: "vinCheckDigit" } as const;

export function ComplaintForm({ categories, rules, onClose }: { categories: DictItemView[]; rules: ComplaintUploadRules; onClose: () => void }) {
  const t = useTranslations("Complaints");
  const tv = useTranslations("Validation");
  const locale = useLocale();
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const label = (field: (typeof FIELDS)[number]) => t(`fields.${field}`);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    const res = await fileComplaintAction({
      vin: v.vin ?? "",
      category: v.category ?? null,
      description: v.description,
      questionNote: v.questionNote ?? "",
      qesImg: v.qesImg ?? [],
      qesVideo: v.qesVideo ?? [],
    }).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", t("actions.failed"));
    if (!res.ok) {
      // "qesImg.0.id" → the images field.
      const fields = Object.entries(res.fieldErrors ?? {})
        .map(([k, msg]) => [k.split(".")[0], msg] as const)
        .filter(([k]) => (FIELDS as readonly string[]).includes(k));
      if (fields.length) form.setFields(fields.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else actionFailed(res);
      return;
    }
    toast("success", <span data-testid="complaint-filed">{t("actions.done.file", { complaintNo: res.data.complaintNo })}</span>);
    onClose();
    router.push(`/afterSale/complaint?id=${res.data.id}`);
  };

  // A server message on a field goes away once the field changes.
  const clearErrors = (changed: Partial<Values>) => form.setFields(Object.keys(changed).map((k) => ({ name: k as keyof Values, errors: [] })));
  const vinRule = {
    validator: async (_: unknown, raw: string | undefined) => {
      const vin = normalizeVin(raw ?? "");
      const problem = vin ? vinProblem(vin) : null;
      if (problem) throw new Error(tv(PROBLEM_KEY[problem], { label: label("vin") }));
    },
  };
  return (
    <Modal
      open
      title={t("actions.fileTitle")}
      okText={t("actions.submit")}
      cancelText={t("actions.cancel")}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: busy, "data-testid": "complaint-submit" } as never}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
    >
      <Form form={form} name="complaint" layout="vertical" requiredMark onValuesChange={clearErrors} data-testid="complaint-form">
        <Form.Item name="vin" label={label("vin")} extra={t("form.vinHint")} rules={[vinRule]} normalize={(v: string) => v.toUpperCase()}>
          <Input maxLength={17} autoComplete="off" spellCheck={false} style={{ maxWidth: 280, fontFamily: "monospace" }} data-testid="complaint-vin" />
        </Form.Item>
        <Form.Item name="category" label={label("category")}>
          <Select allowClear options={dictOptions(categories, locale)} placeholder={t("form.categoryPlaceholder")} style={{ maxWidth: 280 }} data-testid="complaint-category" />
        </Form.Item>
        <Form.Item name="description" label={label("description")} rules={[{ required: true, whitespace: true, message: tv("required", { label: label("description") }) }]}>
          <Input.TextArea maxLength={MAX_DESCRIPTION} showCount rows={4} placeholder={t("form.descriptionPlaceholder")} data-testid="complaint-description" />
        </Form.Item>
        <Form.Item name="qesImg" label={label("qesImg")}>
          <LazyUploadField kind="IMAGE" rule={rules.image} camera />
        </Form.Item>
        <Form.Item name="qesVideo" label={label("qesVideo")}>
          <LazyUploadField kind="VIDEO" rule={rules.video} max={MAX_VIDEOS} />
        </Form.Item>
        <Form.Item name="questionNote" label={label("questionNote")}>
          <Input.TextArea maxLength={MAX_QUESTION_NOTE} showCount rows={2} data-testid="complaint-question-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
