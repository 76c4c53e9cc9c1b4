"use client";

import { Space, Switch, Tag } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable } from "@/components/list/data-table";
import { PageContainer } from "@/components/ui/page-container";
import { LazyUploadField as UploadField } from "@/components/uploads/lazy-upload-field";
import { RowActions } from "@/components/system/admin-kit";
import { actionFailed, toast } from "@/components/ui/feedback";
import { saveImageCropAction } from "@/lib/system/attachment-actions";
import type { AttachmentConfigData } from "@/lib/system/attachment-config";
import { CROP_ASPECTS, type AttachmentValue, type CropAspect, type ImageCropSetting, type UploadRule } from "@/lib/uploads/formats";
import styles from "@/components/ui/panel.module.css";

// The storage form and the limit drawer (antd's Form and the fields generated from their zod
// schemas) are a chunk of their own: the form arrives just after the page, in a box that keeps
// its place; the drawer when it first opens.
const StorageForm = antdDynamic(
  () => import("./attachment-forms").then((m) => m.StorageForm),
  () => <div style={{ minHeight: 232, maxWidth: 640 }} aria-busy="true" data-testid="storage-form-loading" />,
);
const RuleDrawer = antdDynamic(() => import("./attachment-forms").then((m) => m.RuleDrawer));

/** system/attachmentConfig — where uploads are stored, the limits per kind, and a place to try them. */
export function AttachmentConfig({ data }: { data: AttachmentConfigData }) {
  const t = useTranslations("AttachmentConfig");
  const tu = useTranslations("Uploads");
  const [editing, setEditing] = useState<UploadRule | null>(null);
  const [used, setUsed] = useState(false);
  const [crop, setCrop] = useState(false);
  const [images, setImages] = useState<AttachmentValue[]>([]);
  const [videos, setVideos] = useState<AttachmentValue[]>([]);
  const ro = !data.can.update;
  const rule = (kind: UploadRule["kind"]) => data.rules.find((r) => r.kind === kind)!;
  const router = useRouter();
  const [saving, setSaving] = useState<string | null>(null);
  // A change saves at once; the screen then reads the stored setting back.
  const saveCrop = async (next: ImageCropSetting) => {
    setSaving(next.use);
    try {
      const res = await saveImageCropAction(next);
      if (!res.ok) return actionFailed(res);
      toast("success", t("cropSaved", { use: t(`uses.${next.use}`) }));
      router.refresh();
    } finally {
      setSaving(null);
    }
  };

  return (
    <PageContainer title={t("title")} description={t("description")}>
      <h2 className={styles.sectionTitle}>{t("storage")}</h2>
      <StorageForm storage={data.storage} readOnly={ro} />

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
            render: (_, r) => <RowActions items={[{ key: "edit", label: t("edit"), hidden: ro, onClick: () => (setEditing({ ...r }), setUsed(true)) }]} />,
          },
        ]}
      />
      {used && <RuleDrawer rule={editing} onClose={() => setEditing(null)} />}

      <h2 className={styles.sectionTitle} style={{ marginTop: 32 }}>
        {t("crops")}
      </h2>
      <p style={{ color: "rgba(0,0,0,0.55)", marginTop: 0 }}>{t("cropsHint")}</p>
      <DataTable<ImageCropSetting>
        rowKey="use"
        rows={data.crops}
        testId="crops-table"
        columns={[
          { title: t("use"), dataIndex: "use", render: (u: ImageCropSetting["use"]) => t(`uses.${u}`) },
          {
            title: t("crop"),
            key: "enabled",
            width: 280,
            render: (_, r) => (
              <Switch
                checked={r.enabled}
                disabled={ro || saving === r.use}
                aria-label={`${t(`uses.${r.use}`)}: ${t("crop")}`}
                onChange={(enabled) => void saveCrop({ ...r, enabled })}
                data-testid={`crop-${r.use}`}
              />
            ),
          },
          {
            title: t("cropShape"),
            key: "aspect",
            width: 200,
            render: (_, r) => (
              <select
                value={r.aspect}
                disabled={ro || saving === r.use}
                aria-label={`${t(`uses.${r.use}`)}: ${t("cropShape")}`}
                onChange={(e) => void saveCrop({ ...r, aspect: e.target.value as CropAspect })}
                data-testid={`crop-aspect-${r.use}`}
                style={{ minHeight: 36, padding: "4px 8px", borderRadius: 6, border: "1px solid #d9d9d9", background: "#fff" }}
              >
                {CROP_ASPECTS.map((a) => (
                  <option key={a} value={a}>
                    {t(`aspects.${a}`)}
                  </option>
                ))}
              </select>
            ),
          },
        ]}
      />

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
