"use client";

import { Alert, Form, Input, Radio, Select, TreeSelect } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import type { EmployeesData, UserAdminRow } from "@/lib/system/admin-queries";
import { approveUserAction, createUserAction, resetPasswordAction, updateUserAction } from "@/lib/system/actions";
import { USER_TYPES, ZApprove, ZResetPassword, ZUserCreate, ZUserUpdate } from "@/lib/system/schemas";
import { toTreeData, useFormAction } from "./admin-kit";
import { FormDrawerPanel as FormDrawer } from "./form-drawer";

// system/departmentEmployee's drawers: create or edit a user, reset a password, approve a
// registration. Loaded when one first opens (employee-admin.tsx); each new `dialog` resets the
// form it opens to the user's values.

type UserValues = {
  account?: string;
  name: string;
  phone: string | null;
  userType: UserAdminRow["userType"];
  organizationId: number | null;
  jobId: number | null;
  roleIds: number[];
  companyIds: number[];
  password?: string;
};
export type EmployeeDialog = { kind: "create" } | { kind: "edit" | "reset" | "approve"; user: UserAdminRow };

export function EmployeeDrawers({ dialog, data, onClose }: { dialog: EmployeeDialog | null; data: EmployeesData; onClose: () => void }) {
  const t = useTranslations("UserAdmin");
  const tf = useTranslations("UserAdmin.fields");
  const zh = useLocale() === "zh-CN";
  const [userForm] = Form.useForm<UserValues>();
  const [resetForm] = Form.useForm<{ password: string; confirmPassword: string }>();
  const [approveForm] = Form.useForm<{ userType: "DEALER" | "STAFF"; roleIds: number[]; companyIds: number[]; organizationId: number | null }>();
  const submit = useFormAction("UserAdmin.fields");
  const userType = Form.useWatch("userType", userForm);
  const approveType = Form.useWatch("userType", approveForm);
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  const roleOptions = data.roles.map((r) => ({ value: r.id, label: `${name(r)} (${r.code})` }));
  const companyOptions = data.companies.map((c) => ({ value: c.id, label: `${name(c)} (${c.code})` }));
  const jobOptions = data.jobs.filter((j) => j.enabled).map((j) => ({ value: j.id, label: name(j) }));
  const orgTree = toTreeData(data.orgs, zh);
  const defaultOrg = data.search.organizationId ?? null;

  useEffect(() => {
    if (!dialog) return;
    if (dialog.kind === "reset") return resetForm.resetFields();
    if (dialog.kind === "approve") {
      const u = dialog.user;
      approveForm.resetFields();
      approveForm.setFieldsValue({ userType: u.userType === "STAFF" ? "STAFF" : "DEALER", roleIds: u.roleIds, companyIds: u.companyIds, organizationId: u.organizationId });
      return;
    }
    userForm.resetFields();
    if (dialog.kind === "edit") {
      const u = dialog.user;
      userForm.setFieldsValue({
        account: u.account,
        name: u.name,
        phone: u.phone,
        userType: u.userType,
        organizationId: u.organizationId,
        jobId: u.jobId,
        roleIds: u.roleIds,
        companyIds: u.companyIds,
      });
    } else userForm.setFieldsValue({ userType: "STAFF", roleIds: [], companyIds: [], organizationId: defaultOrg, jobId: null, phone: null });
  }, [dialog, userForm, resetForm, approveForm, defaultOrg]);

  const user = dialog && dialog.kind !== "create" ? dialog.user : null;
  return (
    <>
      <FormDrawer<UserValues>
        title={dialog?.kind === "edit" ? t("titles.edit", { account: dialog.user.account }) : t("titles.create")}
        open={dialog?.kind === "create" || dialog?.kind === "edit"}
        form={userForm}
        testId="user-drawer"
        onClose={onClose}
        onSubmit={async (v) => {
          const values = { ...v, companyIds: v.userType === "DEALER" ? (v.companyIds ?? []) : [], roleIds: v.roleIds ?? [] };
          return dialog?.kind === "edit"
            ? !!(await submit(userForm, ZUserUpdate, updateUserAction, { ...values, id: dialog.user.id, account: undefined }, t("done.saved")))
            : !!(await submit(userForm, ZUserCreate, createUserAction, values, t("done.created")));
        }}
      >
        <Form.Item name="account" label={tf("account")} required>
          <Input maxLength={50} disabled={dialog?.kind === "edit"} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={tf("name")} required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={tf("phone")}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="userType" label={tf("userType")} required>
          <Radio.Group optionType="button" options={USER_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }))} />
        </Form.Item>
        {userType === "DEALER" && (
          <Form.Item name="companyIds" label={tf("companyIds")} required>
            <Select mode="multiple" options={companyOptions} optionFilterProp="label" />
          </Form.Item>
        )}
        <Form.Item name="organizationId" label={tf("organizationId")}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={orgTree} />
        </Form.Item>
        <Form.Item name="jobId" label={tf("jobId")}>
          <Select allowClear options={jobOptions} />
        </Form.Item>
        <Form.Item name="roleIds" label={tf("roleIds")}>
          <Select mode="multiple" options={roleOptions} optionFilterProp="label" />
        </Form.Item>
        {dialog?.kind === "create" && (
          <Form.Item name="password" label={tf("password")} required>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
      </FormDrawer>

      <FormDrawer<{ password: string; confirmPassword: string }>
        title={user ? t("titles.resetPassword", { account: user.account }) : ""}
        open={dialog?.kind === "reset"}
        form={resetForm}
        size={440}
        onClose={onClose}
        onSubmit={async (v) => !!(await submit(resetForm, ZResetPassword, resetPasswordAction, { ...v, id: user?.id }, t("done.passwordReset")))}
      >
        <Form.Item name="password" label={tf("password")} required>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={tf("confirmPassword")} required>
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </FormDrawer>

      <FormDrawer<{ userType: "DEALER" | "STAFF"; roleIds: number[]; companyIds: number[]; organizationId: number | null }>
        title={user ? t("titles.approve", { account: user.account }) : ""}
        open={dialog?.kind === "approve"}
        form={approveForm}
        testId="approve-drawer"
        onClose={onClose}
        onSubmit={async (v) =>
          !!(await submit(
            approveForm,
            ZApprove,
            approveUserAction,
            { ...v, id: user?.id, companyIds: v.userType === "DEALER" ? (v.companyIds ?? []) : [], roleIds: v.roleIds ?? [] },
            t("done.approved"),
          ))
        }
      >
        <Alert type="info" showIcon title={t("approveHint")} style={{ marginBottom: 16 }} />
        {user && <p style={{ margin: "0 0 16px" }}>{`${user.name} · ${user.phone ?? user.account}`}</p>}
        <Form.Item name="userType" label={tf("userType")} required>
          <Radio.Group optionType="button" options={(["DEALER", "STAFF"] as const).map((s) => ({ value: s, label: t(`types.${s}`) }))} />
        </Form.Item>
        {approveType === "DEALER" ? (
          <Form.Item name="companyIds" label={tf("companyIds")} required>
            <Select mode="multiple" options={companyOptions} optionFilterProp="label" data-testid="approve-companies" />
          </Form.Item>
        ) : (
          <Form.Item name="organizationId" label={tf("organizationId")}>
            <TreeSelect allowClear treeDefaultExpandAll treeData={orgTree} />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label={tf("roleIds")} required>
          <Select mode="multiple" options={roleOptions} optionFilterProp="label" data-testid="approve-roles" />
        </Form.Item>
      </FormDrawer>
    </>
  );
}
