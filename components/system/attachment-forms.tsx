"use client";

import { ApiOutlined, SaveOutlined } from "@ant-design/icons";
import { Button, Form, Space } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { SchemaFields } from "@/components/admin/schema-form";
import { useFormAction } from "@/components/system/admin-kit";
import { actionFailed, toast } from "@/components/ui/feedback";
import type { AttachmentConfigData } from "@/lib/system/attachment-config";
import { saveAttachmentRuleAction, saveStorageAction, testStorageAction } from "@/lib/system/attachment-actions";
import { SUPPORTED_FORMATS, type UploadRule } from "@/lib/uploads/formats";
import { STORAGE_DRIVERS, ZAttachmentRule, ZStorageSettings, type TAttachmentRuleInput, type TStorageSettings } from "@/lib/uploads/schemas";
import { FormDrawerPanel as FormDrawer } from "./form-drawer";

// system/attachmentConfig's forms (attachment-config.tsx loads them): the storage settings with
// their connection test, and the drawer of one kind's upload limits.

const S3_FIELDS = ["s3Endpoint", "s3Region", "s3Bucket", "s3AccessKey", "s3SecretKey", "s3ForcePathStyle"] as const;

export function StorageForm({ storage, readOnly: ro }: { storage: AttachmentConfigData["storage"]; readOnly: boolean }) {
  const t = useTranslations("AttachmentConfig");
  const [storageForm] = Form.useForm<TStorageSettings>();
  const driver = Form.useWatch("driver", storageForm) ?? storage.driver;
  const [busy, setBusy] = useState<"save" | "test" | null>(null);
  const submit = useFormAction("Uploads.fields");

  const saveStorage = async () => {
    setBusy("save");
    try {
      if (await submit(storageForm, ZStorageSettings, saveStorageAction, storageForm.getFieldsValue(true))) storageForm.setFieldValue("s3SecretKey", "");
    } finally {
      setBusy(null);
    }
  };
  // Tests what the form says (S3 with the secret typed in it); refusals land on their fields.
  const test = async () => {
    setBusy("test");
    try {
      const res = await testStorageAction(storageForm.getFieldsValue(true));
      if (!res.ok) {
        const fields = Object.entries(res.fieldErrors ?? {}).filter(([name]) => name !== "_form");
        storageForm.setFields(fields.map(([name, error]) => ({ name: name as keyof TStorageSettings, errors: [error] })));
        actionFailed(res);
      } else if (res.data.ok) toast("success", t("testOk"));
      else toast("error", t("testFailed", { error: res.data.error }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form<TStorageSettings>
      form={storageForm}
      layout="vertical"
      disabled={ro}
      style={{ maxWidth: 640 }}
      data-testid="storage-form"
      initialValues={{ ...storage, s3SecretKey: "" }}
      onFinish={() => void saveStorage()}
    >
      <SchemaFields
        schema={ZStorageSettings}
        labels="Uploads"
        fields={{
          driver: { widget: "select", options: STORAGE_DRIVERS.map((d) => ({ value: d, label: t(`drivers.${d}`) })) },
          localDir: { hidden: driver !== "LOCAL", hint: t("localDirHint"), widget: "text" },
          ...Object.fromEntries(S3_FIELDS.map((f) => [f, { hidden: driver !== "S3" }])),
          s3SecretKey: { hidden: driver !== "S3", widget: "password", hint: storage.hasSecret ? t("keepSecret") : undefined },
          s3Endpoint: { hidden: driver !== "S3", placeholder: "https://s3.example.com" },
        }}
      />
      {!ro && (
        <Space>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy === "save"} data-testid="storage-save">
            {t("save")}
          </Button>
          <Button icon={<ApiOutlined />} loading={busy === "test"} onClick={() => void test()} data-testid="storage-test">
            {t("test")}
          </Button>
        </Space>
      )}
    </Form>
  );
}

/** One kind's limits; each new `rule` resets the form to it. */
export function RuleDrawer({ rule: editing, onClose }: { rule: UploadRule | null; onClose: () => void }) {
  const t = useTranslations("AttachmentConfig");
  const tu = useTranslations("Uploads");
  const [ruleForm] = Form.useForm<TAttachmentRuleInput>();
  const submit = useFormAction("Uploads.fields");
  useEffect(() => {
    if (!editing) return;
    ruleForm.resetFields();
    ruleForm.setFieldsValue(editing);
  }, [editing, ruleForm]);
  return (
    <FormDrawer<TAttachmentRuleInput>
      title={editing ? t("editRule", { kind: tu(`kinds.${editing.kind}`) }) : ""}
      open={!!editing}
      form={ruleForm}
      size={480}
      testId="edit-drawer"
      onClose={onClose}
      onSubmit={async (v) => !!(await submit(ruleForm, ZAttachmentRule, saveAttachmentRuleAction, { ...v, kind: editing?.kind }))}
    >
      {editing && (
        <SchemaFields
          schema={ZAttachmentRule}
          labels="Uploads"
          fields={{
            kind: { hidden: true },
            formats: { widget: "multiSelect", options: SUPPORTED_FORMATS[editing.kind].map((f) => ({ value: f, label: f })) },
            suggestedSeconds: { hidden: editing.kind !== "VIDEO" },
          }}
        />
      )}
    </FormDrawer>
  );
}
