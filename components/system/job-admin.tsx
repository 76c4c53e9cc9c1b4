"use client";

import { Button, Form, Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { PlusOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { JobAdminRow } from "@/lib/system/admin-queries";
import { deleteJobAction } from "@/lib/system/actions";
import { RowActions, useConfirmedAction } from "./admin-kit";

export type JobValues = { code: string; nameEn: string; nameZh: string; sort: number; enabled: boolean };
type Values = JobValues;
export type JobEditing = Partial<Values> & { id?: number };

// The drawer (and the schema, zod) loads when it first opens; pointing at "Create" fetches it early.
const loadDrawer = () => import("./job-drawer").then((m) => m.JobDrawer);
const JobDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();

export function JobAdmin({ data }: { data: { jobs: JobAdminRow[]; can: Record<string, boolean> } }) {
  const t = useTranslations("JobAdmin");
  const tf = useTranslations("JobAdmin.fields");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<JobEditing | null>(null);
  // Mounted from the first opening on, so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (editing && !drawerUsed) setDrawerUsed(true);
  const confirmed = useConfirmedAction();
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  const open = (v: JobEditing) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };
  const columns: DataColumn<JobAdminRow>[] = [
    { title: t("name"), key: "name", render: (_, r) => name(r) },
    { title: tf("code"), dataIndex: "code", width: 160 },
    { title: tf("sort"), dataIndex: "sort", width: 90, align: "right" },
    { title: tf("enabled"), dataIndex: "enabled", width: 100, render: (v: boolean) => (v ? <Tag color="green">{ta("yes")}</Tag> : <Tag>{ta("no")}</Tag>) },
    { title: ta("users"), dataIndex: "users", width: 90, align: "right" },
    {
      title: ta("actions"),
      key: "actions",
      width: 160,
      render: (_, r) => (
        <RowActions
          items={[
            {
              key: "edit",
              label: ta("edit"),
              hidden: !data.can.update,
              onClick: () => open({ id: r.id, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, sort: r.sort, enabled: r.enabled }),
            },
            {
              key: "delete",
              label: ta("delete"),
              danger: true,
              hidden: !data.can.delete,
              onClick: () =>
                void confirmed({ title: ta("confirmDelete", { name: name(r) }), content: ta("confirmDeleteHint"), danger: true }, deleteJobAction, { id: r.id }, ta("deleted")),
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
        data.can.create && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open({ sort: 0, enabled: true })}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            data-testid="create"
          >
            {ta("create")}
          </Button>
        )
      }
    >
      <DataTable<JobAdminRow> rowKey="id" columns={columns} rows={data.jobs} scrollX={700} />
      {drawerUsed && <JobDrawer open={!!editing} editing={editing} form={form} onClose={() => setEditing(null)} />}
    </PageContainer>
  );
}
