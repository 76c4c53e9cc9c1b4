"use client";

import { Alert, Button, Form, Input, Radio, Select, Space, Tag, Tree, TreeSelect } from "antd";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { EmployeesData, UserAdminRow } from "@/lib/system/admin-queries";
import { approveUserAction, createUserAction, resetPasswordAction, setUserEnabledAction, unlockUserAction, updateUserAction } from "@/lib/system/actions";
import { USER_STATUSES, USER_TYPES, ZApprove, ZResetPassword, ZUserCreate, ZUserUpdate } from "@/lib/system/schemas";
import { FormDrawer, RowActions, toTreeData, useConfirmedAction, useFormAction } from "./admin-kit";

const STATUS_COLOR = { PENDING: "gold", ACTIVE: "green", LOCKED: "red", DISABLED: "default" } as const;
const TYPE_COLOR = { DEALER: "blue", STAFF: "cyan", ADMIN: "purple" } as const;
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
type Dialog = { kind: "create" } | { kind: "edit" | "reset" | "approve"; user: UserAdminRow } | null;

const isLocked = (u: UserAdminRow) => u.status === "LOCKED" || (!!u.lockedUntil && new Date(u.lockedUntil) > new Date());

export function EmployeeAdmin({ data }: { data: EmployeesData }) {
  const t = useTranslations("UserAdmin");
  const tf = useTranslations("UserAdmin.fields");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const format = useFormatter();
  const router = useRouter();
  const pathname = usePathname();
  const [userForm] = Form.useForm<UserValues>();
  const [resetForm] = Form.useForm<{ password: string; confirmPassword: string }>();
  const [approveForm] = Form.useForm<{ userType: "DEALER" | "STAFF"; roleIds: number[]; companyIds: number[]; organizationId: number | null }>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [q, setQ] = useState(data.search.q ?? "");
  const submit = useFormAction("UserAdmin.fields");
  const confirmed = useConfirmedAction();
  const userType = Form.useWatch("userType", userForm);
  const approveType = Form.useWatch("userType", approveForm);
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);

  const orgName = new Map<number, string>();
  const index = (nodes: EmployeesData["orgs"]) => nodes.forEach((n) => (orgName.set(n.id, name(n)), index(n.children ?? [])));
  index(data.orgs);
  const roleOptions = data.roles.map((r) => ({ value: r.id, label: `${name(r)} (${r.code})` }));
  const companyOptions = data.companies.map((c) => ({ value: c.id, label: `${name(c)} (${c.code})` }));
  const jobOptions = data.jobs.filter((j) => j.enabled).map((j) => ({ value: j.id, label: name(j) }));
  const orgTree = toTreeData(data.orgs, zh);

  const go = (patch: Record<string, string | number | null | undefined>) => {
    const p = new URLSearchParams();
    const next = { q: data.search.q, status: data.search.status, userType: data.search.userType, organizationId: data.search.organizationId, page: 1, ...patch };
    for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined && v !== "" && !(k === "page" && v === 1)) p.set(k, String(v));
    const qs = p.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };

  const openUser = (d: Dialog) => {
    setDialog(d);
    userForm.resetFields();
    if (d?.kind === "edit") {
      const u = d.user;
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
    } else userForm.setFieldsValue({ userType: "STAFF", roleIds: [], companyIds: [], organizationId: data.search.organizationId ?? null, jobId: null, phone: null });
  };
  const openApprove = (u: UserAdminRow) => {
    setDialog({ kind: "approve", user: u });
    approveForm.resetFields();
    approveForm.setFieldsValue({ userType: u.userType === "STAFF" ? "STAFF" : "DEALER", roleIds: u.roleIds, companyIds: u.companyIds, organizationId: u.organizationId });
  };

  const columns: DataColumn<UserAdminRow>[] = [
    { title: tf("account"), dataIndex: "account", width: 140 },
    { title: tf("name"), dataIndex: "name", width: 130 },
    {
      title: tf("status"),
      key: "status",
      width: 150,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[r.status]} data-testid="user-status">
            {t(`statuses.${r.status}`)}
          </Tag>
          {r.status !== "LOCKED" && isLocked(r) && (
            <Tag color="red">{t("lockedUntil", { time: format.dateTime(new Date(r.lockedUntil!), { dateStyle: "short", timeStyle: "short" }) })}</Tag>
          )}
        </Space>
      ),
    },
    { title: tf("userType"), dataIndex: "userType", width: 120, render: (v: UserAdminRow["userType"]) => <Tag color={TYPE_COLOR[v]}>{t(`types.${v}`)}</Tag> },
    { title: tf("organizationId"), key: "org", width: 170, render: (_, r) => (r.organizationId ? orgName.get(r.organizationId) : ta("none")) },
    { title: tf("phone"), dataIndex: "phone", width: 130, render: (v: string | null) => v ?? ta("none") },
    {
      title: ta("actions"),
      key: "actions",
      width: 330,
      fixedRight: true,
      render: (_, r) => (
        <RowActions
          items={[
            r.status === "PENDING" && { key: "approve", label: t("actions.approve"), hidden: !data.can.approve, onClick: () => openApprove(r) },
            r.status !== "PENDING" && { key: "edit", label: t("actions.edit"), hidden: !data.can.update, onClick: () => openUser({ kind: "edit", user: r }) },
            isLocked(r) && {
              key: "unlock",
              label: t("actions.unlock"),
              hidden: !data.can.unlock,
              onClick: () => void confirmed({ title: t("confirm.unlock", { account: r.account }) }, unlockUserAction, { id: r.id }, t("done.unlocked")),
            },
            r.status === "DISABLED"
              ? {
                  key: "enable",
                  label: t("actions.enable"),
                  hidden: !data.can.disable,
                  onClick: () => void confirmed({ title: t("confirm.enable", { account: r.account }) }, setUserEnabledAction, { id: r.id, enabled: true }, t("done.enabled")),
                }
              : r.status !== "PENDING" &&
                r.id !== data.viewerId && {
                  key: "disable",
                  label: t("actions.disable"),
                  danger: true,
                  hidden: !data.can.disable,
                  onClick: () =>
                    void confirmed({ title: t("confirm.disable", { account: r.account }), danger: true }, setUserEnabledAction, { id: r.id, enabled: false }, t("done.disabled")),
                },
            r.status !== "PENDING" && {
              key: "reset-password",
              label: t("actions.resetPassword"),
              hidden: !data.can.resetPassword,
              onClick: () => (setDialog({ kind: "reset", user: r }), resetForm.resetFields()),
            },
          ]}
        />
      ),
    },
  ];

  const user = dialog && dialog.kind !== "create" ? dialog.user : null;
  return (
    <PageContainer
      title={t("title")}
      description={t("description")}
      extra={
        data.can.create && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openUser({ kind: "create" })} data-testid="create">
            {t("actions.create")}
          </Button>
        )
      }
    >
      <div style={{ display: "flex", gap: 16, alignItems: "flex-start" }}>
        <aside style={{ width: 260, flex: "none", border: "1px solid rgba(0,0,0,0.08)", borderRadius: 8, padding: 12 }} data-testid="department-tree">
          <div style={{ fontWeight: 600, marginBottom: 8 }}>{t("departments")}</div>
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={[data.search.organizationId ?? 0]}
            treeData={[{ key: 0, title: t("allDepartments"), children: orgTree }]}
            onSelect={(keys) => go({ organizationId: keys.length && Number(keys[0]) ? Number(keys[0]) : null })}
          />
        </aside>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Input allowClear value={q} onChange={(e) => setQ(e.target.value)} onPressEnter={() => go({ q })} placeholder={tf("q")} style={{ width: 240 }} data-testid="search-q" />
            <Select
              allowClear
              value={data.search.status ?? undefined}
              placeholder={tf("status")}
              style={{ width: 170 }}
              options={USER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              onChange={(v) => go({ q, status: v ?? null })}
              data-testid="search-status"
            />
            <Select
              allowClear
              value={data.search.userType ?? undefined}
              placeholder={tf("userType")}
              style={{ width: 150 }}
              options={USER_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }))}
              onChange={(v) => go({ q, userType: v ?? null })}
            />
            <Button type="primary" icon={<SearchOutlined />} onClick={() => go({ q })} data-testid="search">
              {ta("search")}
            </Button>
            <Button onClick={() => (setQ(""), router.push(pathname))}>{ta("reset")}</Button>
          </Space>
          {data.pending > 0 && data.search.status !== "PENDING" && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t("pending", { count: data.pending })}
              action={
                <Button size="small" onClick={() => go({ status: "PENDING" })}>
                  {t("showPending")}
                </Button>
              }
            />
          )}
          <DataTable<UserAdminRow>
            rowKey="id"
            columns={columns}
            rows={data.users}
            scrollX={1240}
            testId="user-table"
            paging={{ page: data.search.page, pageSize: data.pageSize, total: data.total, onChange: (page) => go({ page }) }}
          />
        </div>
      </div>

      <FormDrawer<UserValues>
        title={dialog?.kind === "edit" ? t("titles.edit", { account: dialog.user.account }) : t("titles.create")}
        open={dialog?.kind === "create" || dialog?.kind === "edit"}
        form={userForm}
        testId="user-drawer"
        onClose={() => setDialog(null)}
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
        onClose={() => setDialog(null)}
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
        onClose={() => setDialog(null)}
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
    </PageContainer>
  );
}
