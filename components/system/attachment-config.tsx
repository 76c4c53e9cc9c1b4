"use client";

import { ApiOutlined, SaveOutlined } from "@ant-design/icons";
import { Button, Form, Space, Switch, Tag } from "antd";
import { DataTable } from "@/components/list/data-table";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import { UploadField } from "@/components/ui/upload-field";
import { SchemaFields } from "@/components/admin/schema-form";
import { FormDrawer, RowActions, useFormAction } from "@/components/system/admin-kit";
import { toast } from "@/components/ui/feedback";
import type { AttachmentConfigData } from "@/lib/system/attachment-config";
import { saveAttachmentRuleAction, saveStorageAction, testStorageAction } from "@/lib/system/attachment-actions";
import { SUPPORTED_FORMATS, type AttachmentValue, type UploadRule } from "@/lib/uploads/formats";
import { STORAGE_DRIVERS, ZAttachmentRule, ZStorageSettings, type TAttachmentRuleInput, type TStorageSettings } from "@/lib/uploads/schemas";
import styles from "@/components/ui/panel.module.css";

const S3_FIELDS = ["s3Endpoint", "s3Region", "s3Bucket", "s3AccessKey", "s3SecretKey", "s3ForcePathStyle"] as const;

/** system/attachmentConfig — where uploads are stored, the limits per kind, and a place to try them. */
export function AttachmentConfig({ data }: { data: AttachmentConfigData }) {
  const t = useTranslations("AttachmentConfig");
  const tu = useTranslations("Uploads");
  const [storageForm] = Form.useForm<TStorageSettings>();
  const [ruleForm] = Form.useForm<TAttachmentRuleInput>();
  const driver = Form.useWatch("driver", storageForm) ?? data.storage.driver;
  const [editing, setEditing] = useState<UploadRule | null>(null);
  const [busy, setBusy] = useState<"save" | "test" | null>(null);
  const [crop, setCrop] = useState(false);
  const [images, setImages] = useState<AttachmentValue[]>([]);
  const [videos, setVideos] = useState<AttachmentValue[]>([]);
  const submit = useFormAction("Uploads.fields");
  const ro = !data.can.update;
  const rule = (kind: UploadRule["kind"]) => data.rules.find((r) => r.kind === kind)!;

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
        toast("error", res.message);
      } else if (res.data.ok) toast("success", t("testOk"));
      else toast("error", t("testFailed", { error: res.data.error }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageContainer title={t("title")} description={t("description")}>
      <h2 className={styles.sectionTitle}>{t("storage")}</h2>
      <Form<TStorageSettings>
        form={storageForm}
        layout="vertical"
        disabled={ro}
        style={{ maxWidth: 640 }}
        data-testid="storage-form"
        initialValues={{ ...data.storage, s3SecretKey: "" }}
        onFinish={() => void saveStorage()}
      >
        <SchemaFields
          schema={ZStorageSettings}
          labels="Uploads"
          fields={{
            driver: { widget: "select", options: STORAGE_DRIVERS.map((d) => ({ value: d, label: t(`drivers.${d}`) })) },
            localDir: { hidden: driver !== "LOCAL", hint: t("localDirHint"), widget: "text" },
            ...Object.fromEntries(S3_FIELDS.map((f) => [f, { hidden: driver !== "S3" }])),
            s3SecretKey: { hidden: driver !== "S3", widget: "password", hint: data.storage.hasSecret ? t("keepSecret") : undefined },
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

      <h2 className={styles.sectionTitle} style={{ marginTop: 32 }}>
        {t("rules")}
      </h2>
      <DataTable<UploadRule>
        rowKey="kind"
        rows={data.rules}
        testId="rules-table"
        columns={[
          { title: tu("fields.kind"), dataIndex: "kind", width: 120, render: (k: UploadRule["kind"]) => tu(`kinds.${k}`) },
          { title: tu("fields.formats"), dataIndex: "formats", render: (f: string[]) => f.map((x) => <Tag key={x}>{x}</Tag>) },
          { title: tu("fields.maxSizeMb"), dataIndex: "maxSizeMb", width: 170, align: "right" },
          { title: tu("fields.maxCount"), dataIndex: "maxCount", width: 190, align: "right" },
          { title: tu("fields.suggestedSeconds"), dataIndex: "suggestedSeconds", width: 210, align: "right", render: (v: number | null) => v ?? "—" },
          {
            title: t("actions"),
            key: "actions",
            width: 100,
            render: (_, r) => (
              <RowActions items={[{ key: "edit", label: t("edit"), hidden: ro, onClick: () => (setEditing(r), ruleForm.resetFields(), ruleForm.setFieldsValue(r)) }]} />
            ),
          },
        ]}
      />
      <FormDrawer<TAttachmentRuleInput>
        title={editing ? t("editRule", { kind: tu(`kinds.${editing.kind}`) }) : ""}
        open={!!editing}
        form={ruleForm}
        size={480}
        testId="edit-drawer"
        onClose={() => setEditing(null)}
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

      <h2 className={styles.sectionTitle} style={{ marginTop: 32 }}>
        {t("tryIt")}
      </h2>
      <p style={{ color: "rgba(0,0,0,0.55)", marginTop: 0 }}>{t("tryItHint")}</p>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(320px, 1fr))", gap: 24 }} data-testid="try-uploads">
        <div>
          <Space style={{ marginBottom: 8 }}>
            <strong>{tu("kinds.IMAGE")}</strong>
            <Switch size="small" checked={crop} onChange={setCrop} aria-label={t("crop")} data-testid="crop-switch" />
            <span>{t("crop")}</span>
          </Space>
          <UploadField kind="IMAGE" rule={rule("IMAGE")} crop={crop} value={images} onChange={setImages} id="try-image" />
        </div>
        <div>
          <strong style={{ display: "block", marginBottom: 8 }}>{tu("kinds.VIDEO")}</strong>
          <UploadField kind="VIDEO" rule={rule("VIDEO")} value={videos} onChange={setVideos} id="try-video" />
        </div>
      </div>
    </PageContainer>
  );
}
