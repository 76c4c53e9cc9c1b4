"use client";

import { Button, Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import kit from "@/components/ui/record-screen.module.css";
import { PlusOutlined } from "@ant-design/icons";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import { DEFAULT_LAYOUT, DEFAULT_PATTERN, QR_PURPOSES, type QrLayout, type QrPurpose } from "@/lib/qrcode/purposes";
import type { QrErrorLevel } from "@/lib/qrcode/render-options";
import { deleteQrTemplateAction, setDefaultQrTemplateAction, setQrTemplateEnabledAction } from "@/lib/qrcode/template-actions";
import type { QrTemplateRow, QrTemplatesData } from "@/lib/qrcode/templates";
import type { AttachmentValue, UploadRule } from "@/lib/uploads/formats";
import { RowActions, useConfirmedAction } from "./admin-kit";

// system/qrcodeModel: every QR code template (a handful per purpose), a purpose filter kept in
// the browser, and the drawer (antd's Form, the upload field, the schema, the live preview)
// loaded when it first opens.

export type QrTemplateValues = {
  name: string;
  purpose: QrPurpose;
  pattern: string;
  size: number;
  errorLevel: QrErrorLevel;
  logo: AttachmentValue[];
  layout: QrLayout;
  isDefault: boolean;
  enabled: boolean;
};
export type QrTemplateEditing = Partial<QrTemplateValues> & { id?: number };

const loadDrawer = () => import("./qr-template-drawer").then((m) => m.QrTemplateDrawer);
const QrTemplateDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();

export function newTemplate(purpose: QrPurpose): QrTemplateEditing {
  return {
    purpose,
    pattern: DEFAULT_PATTERN[purpose],
    size: 256,
    errorLevel: "M",
    logo: [],
    layout: { ...DEFAULT_LAYOUT[purpose], fields: [...DEFAULT_LAYOUT[purpose].fields] },
    isDefault: false,
    enabled: true,
  };
}

export function QrTemplateAdmin({ data, rule }: { data: QrTemplatesData; rule: UploadRule }) {
  const t = useTranslations("QrcodeModel");
  const tf = useTranslations("QrcodeModel.fields");
  const ta = useTranslations("Access");
  const format = useFormatter();
  const confirmed = useConfirmedAction();
  const [purpose, setPurpose] = useState<QrPurpose | "">("");
  const [editing, setEditing] = useState<QrTemplateEditing | null>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (editing && !drawerUsed) setDrawerUsed(true);

  const rows = purpose ? data.templates.filter((r) => r.purpose === purpose) : data.templates;
  const edit = (r: QrTemplateRow) =>
    setEditing({
      id: r.id,
      name: r.name,
      purpose: r.purpose,
      pattern: r.pattern,
      size: r.size,
      errorLevel: r.errorLevel,
      logo: r.logo ? [r.logo] : [],
      layout: r.layout,
      isDefault: r.isDefault,
      enabled: r.enabled,
    });

  const columns: DataColumn<QrTemplateRow>[] = [
    {
      title: tf("name"),
      dataIndex: "name",
      width: 180,
      render: (_, r) => (
        <span data-testid="template-name">
          {r.name} {r.isDefault && <Tag color="blue">{t("default")}</Tag>}
        </span>
      ),
    },
    { title: tf("purpose"), dataIndex: "purpose", width: 140, render: (p: QrPurpose) => t(`purposes.${p}`) },
    { title: tf("pattern"), dataIndex: "pattern", width: 200, ellipsis: true, render: (p: string) => <code>{p}</code> },
    { title: tf("size"), dataIndex: "size", width: 90, align: "right" },
    { title: tf("errorLevel"), dataIndex: "errorLevel", width: 110, render: (l: QrErrorLevel) => t(`levels.${l}`) },
    {
      title: tf("isDefault"),
      dataIndex: "isDefault",
      width: 90,
      render: (v: boolean) =>
        v ? (
          <Tag color="blue" data-testid="template-default">
            {ta("yes")}
          </Tag>
        ) : (
          <Tag>{ta("no")}</Tag>
        ),
    },
    {
      title: tf("enabled"),
      dataIndex: "enabled",
      width: 90,
      render: (v: boolean) => <Tag color={v ? "green" : "default"}>{v ? t("on") : t("off")}</Tag>,
    },
    {
      title: tf("updatedAt"),
      dataIndex: "updatedAt",
      width: 150,
      render: (v: string) => format.dateTime(new Date(v), { dateStyle: "short", timeStyle: "short" }),
    },
    {
      title: ta("actions"),
      key: "actions",
      width: 260,
      fixedRight: true,
      render: (_, r) => (
        <RowActions
          items={[
            { key: "edit", label: ta("edit"), hidden: !data.can.manage, onClick: () => edit(r) },
            {
              key: "default",
              label: t("setDefault"),
              hidden: !data.can.manage || r.isDefault || !r.enabled,
              onClick: () =>
                void confirmed(
                  { title: t("confirmSetDefault", { name: r.name, purpose: t(`purposes.${r.purpose}`) }), content: t("confirmSetDefaultHint") },
                  setDefaultQrTemplateAction,
                  { id: r.id },
                  t("defaultSet"),
                ),
            },
            {
              key: "enable",
              label: r.enabled ? t("disable") : t("enable"),
              hidden: !data.can.manage || (r.enabled && r.isDefault),
              onClick: () =>
                void confirmed(
                  { title: `${r.enabled ? t("disable") : t("enable")}: ${r.name}` },
                  setQrTemplateEnabledAction,
                  { id: r.id, enabled: !r.enabled },
                  r.enabled ? t("disabledDone") : t("enabledDone"),
                ),
            },
            {
              key: "delete",
              label: ta("delete"),
              danger: true,
              hidden: !data.can.manage,
              onClick: () =>
                void confirmed({ title: t("confirmDelete", { name: r.name }), content: ta("confirmDeleteHint"), danger: true }, deleteQrTemplateAction, { id: r.id }, t("deleted")),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <PageContainer
      title={t("title")}
      description={t("description")}
      extra={
        data.can.manage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(newTemplate(purpose || "VEHICLE"))}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            data-testid="create"
          >
            {ta("create")}
          </Button>
        )
      }
    >
      <div className={kit.filters} style={{ marginBottom: 12 }}>
        <select className={kit.input} value={purpose} aria-label={tf("purpose")} onChange={(e) => setPurpose(e.target.value as QrPurpose | "")} data-testid="purpose-filter">
          <option value="">{t("allPurposes")}</option>
          {QR_PURPOSES.map((p) => (
            <option key={p} value={p}>
              {t(`purposes.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable<QrTemplateRow> rowKey="id" columns={columns} rows={rows} scrollX={1300} testId="admin-table" empty={t("empty")} />
      {drawerUsed && <QrTemplateDrawer open={!!editing} editing={editing} rule={rule} onClose={() => setEditing(null)} />}
    </PageContainer>
  );
}
