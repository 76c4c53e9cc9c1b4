"use client";

import { Form, Input, InputNumber, Switch, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { saveJobAction } from "@/lib/system/actions";
import { ZJobSave } from "@/lib/system/schemas";
import { useFormAction } from "./admin-kit";
import { FormDrawerPanel } from "./form-drawer";
import type { JobEditing, JobValues as Values } from "./job-admin";

// The post drawer with its schema, loaded when it first opens (job-admin.tsx).
export function JobDrawer({ open, editing, form, onClose }: { open: boolean; editing: JobEditing | null; form: FormInstance<Values>; onClose: () => void }) {
  const t = useTranslations("JobAdmin");
  const tf = useTranslations("JobAdmin.fields");
  const submit = useFormAction("JobAdmin.fields");
  return (
    <FormDrawerPanel<Values>
      title={editing?.id ? t("editTitle") : t("createTitle")}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={async (v) => !!(await submit(form, ZJobSave, saveJobAction, { ...v, id: editing?.id }))}
    >
      <Form.Item name="code" label={tf("code")} required>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="nameEn" label={tf("nameEn")} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="nameZh" label={tf("nameZh")} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sort" label={tf("sort")} required>
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label={tf("enabled")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawerPanel>
  );
}
