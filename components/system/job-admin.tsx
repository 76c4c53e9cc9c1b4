"use client";

import { Button, Form, Input, InputNumber, Switch, Table, Tag, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { JobAdminRow } from "@/lib/system/admin-queries";
import { deleteJobAction, saveJobAction } from "@/lib/system/actions";
import { ZJobSave } from "@/lib/system/schemas";
import { FormDrawer, RowActions, useConfirmedAction, useFormAction } from "./admin-kit";

type Values = { code: string; nameEn: string; nameZh: string; sort: number; enabled: boolean };

export function JobAdmin({ data }: { data: { jobs: JobAdminRow[]; can: Record<string, boolean> } }) {
  const t = useTranslations("JobAdmin");
  const tf = useTranslations("JobAdmin.fields");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<(Partial<Values> & { id?: number }) | null>(null);
  const submit = useFormAction("JobAdmin.fields");
  const confirmed = useConfirmedAction();
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  const open = (v: Partial<Values> & { id?: number }) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };
  const columns: TableColumnsType<JobAdminRow> = [
    { title: t("name"), key: "name", render: (_, r) => name(r) },
    { title: tf("code"), dataIndex: "code", width: 160 },
    { title: tf("sort"), dataIndex: "sort", width: 90, align: "right" },
    { title: tf("enabled"), dataIndex: "enabled", width: 100, render: (v: boolean) => (v ? <Tag color="green">{ta("yes")}</Tag> : <Tag>{ta("no")}</Tag>) },
    { title: ta("users"), dataIndex: "users", width: 90, align: "right" },
    {
      title: ta("actions"), key: "actions", width: 160,
      render: (_, r) => (
        <RowActions
          items={[
            { key: "edit", label: ta("edit"), hidden: !data.can.update, onClick: () => open({ id: r.id, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, sort: r.sort, enabled: r.enabled }) },
            { key: "delete", label: ta("delete"), danger: true, hidden: !data.can.delete, onClick: () => void confirmed({ title: ta("confirmDelete", { name: name(r) }), content: ta("confirmDeleteHint"), danger: true }, deleteJobAction, { id: r.id }, ta("deleted")) },
          ]}
        />
      ),
    },
  ];
  return (
    <PageContainer
      title={t("title")}
      description={t("description")}
      extra={data.can.create && <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ sort: 0, enabled: true })} data-testid="create">{ta("create")}</Button>}
    >
      <Table<JobAdminRow> rowKey="id" columns={columns} dataSource={data.jobs} pagination={false} size="middle" scroll={{ x: 700 }} />
      <FormDrawer<Values>
        title={editing?.id ? t("editTitle") : t("createTitle")}
        open={!!editing}
        form={form}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => !!(await submit(form, ZJobSave, saveJobAction, { ...v, id: editing?.id }))}
      >
        <Form.Item name="code" label={tf("code")} required><Input maxLength={32} /></Form.Item>
        <Form.Item name="nameEn" label={tf("nameEn")} required><Input maxLength={100} /></Form.Item>
        <Form.Item name="nameZh" label={tf("nameZh")} required><Input maxLength={100} /></Form.Item>
        <Form.Item name="sort" label={tf("sort")} required><InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} /></Form.Item>
        <Form.Item name="enabled" label={tf("enabled")} valuePropName="checked"><Switch /></Form.Item>
      </FormDrawer>
    </PageContainer>
  );
}
