"use client";

import { Alert, Form, Input, InputNumber, Select, Switch } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";
import { toast } from "@/components/ui/feedback";
import { saveReleaseAction } from "@/lib/app-releases/actions";
import { APP_PLATFORMS, MAX_NOTES, MAX_STORE_URL, MAX_VERSION_NAME, PACKAGE_FORMAT, releaseProblems, ZReleaseSave } from "@/lib/app-releases/schemas";
import type { UploadRule } from "@/lib/uploads/formats";
import { useFormAction } from "./admin-kit";
import type { ReleaseEditing, ReleaseValues as Values } from "./app-release-admin";
import { FormDrawerPanel } from "./form-drawer";

// The release drawer with its schema, loaded when it first opens (app-release-admin.tsx). A
// published release shows every field but lets only the notes change.
export function AppReleaseDrawer({ open, editing, rule, onClose }: { open: boolean; editing: ReleaseEditing | null; rule: UploadRule; onClose: () => void }) {
  const t = useTranslations("AppReleases");
  const tf = useTranslations("AppReleases.fields");
  const th = useTranslations("AppReleases.hints");
  const [form] = Form.useForm<Values>();
  const submit = useFormAction("AppReleases.fields");
  const platform = Form.useWatch("platform", form) ?? editing?.platform ?? "ANDROID";
  const frozen = !!editing?.frozen;
  const format = PACKAGE_FORMAT[platform];
  useEffect(() => {
    if (!open || !editing) return;
    form.resetFields();
    form.setFieldsValue(editing as Values);
  }, [open, editing, form]);

  const onSubmit = async (v: Values) => {
    const input = { ...v, id: editing?.id, package: (v.package ?? []).map((p) => ({ id: p.id })) };
    const problem = releaseProblems(input)[0];
    if (problem) {
      const message = t(`errors.${problem.key}`);
      form.setFields([{ name: problem.field, errors: [message] }]);
      toast("error", message);
      return false;
    }
    return !!(await submit(form, ZReleaseSave, saveReleaseAction, input));
  };
  return (
    <FormDrawerPanel<Values>
      title={editing?.id ? t("editTitle", { version: editing.versionName ?? "" }) : t("createTitle")}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={onSubmit}
      initialValues={editing ?? undefined}
      size={640}
      testId="edit-drawer"
    >
      {frozen && <Alert type="info" showIcon title={t("frozenHint")} style={{ marginBottom: 16 }} />}
      <Form.Item name="platform" data-testid="field-platform" label={tf("platform")} required>
        <Select disabled={frozen} options={APP_PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) }))} />
      </Form.Item>
      <Form.Item name="versionName" data-testid="field-versionName" label={tf("versionName")} extra={th("versionName")} required>
        <Input maxLength={MAX_VERSION_NAME} disabled={frozen} />
      </Form.Item>
      <Form.Item name="versionNumber" data-testid="field-versionNumber" label={tf("versionNumber")} extra={th("versionNumber")} required>
        <InputNumber min={1} precision={0} style={{ width: 200 }} disabled={frozen} />
      </Form.Item>
      <Form.Item name="minSupported" data-testid="field-minSupported" label={tf("minSupported")} extra={th("minSupported")} required>
        <InputNumber min={1} precision={0} style={{ width: 200 }} disabled={frozen} />
      </Form.Item>
      <Form.Item name="forceUpdate" data-testid="field-forceUpdate" label={tf("forceUpdate")} extra={th("forceUpdate")} valuePropName="checked">
        <Switch disabled={frozen} />
      </Form.Item>
      {format && (
        <Form.Item name="package" data-testid="field-package" label={tf("package")} extra={th("package")}>
          <LazyUploadField kind="APP_PACKAGE" rule={{ ...rule, formats: rule.formats.filter((f) => f === format) }} max={1} disabled={frozen} id="field-package" />
        </Form.Item>
      )}
      <Form.Item name="storeUrl" data-testid="field-storeUrl" label={tf("storeUrl")} extra={th("storeUrl")} required={!format}>
        <Input maxLength={MAX_STORE_URL} type="url" placeholder="https://" disabled={frozen} />
      </Form.Item>
      <Form.Item name="notesEn" data-testid="field-notesEn" label={tf("notesEn")} required>
        <Input.TextArea rows={4} maxLength={MAX_NOTES} showCount />
      </Form.Item>
      <Form.Item name="notesZh" data-testid="field-notesZh" label={tf("notesZh")} required>
        <Input.TextArea rows={4} maxLength={MAX_NOTES} showCount />
      </Form.Item>
    </FormDrawerPanel>
  );
}
