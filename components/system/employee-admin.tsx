"use client";

import { Button, Space, Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { PlusOutlined } from "@ant-design/icons";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { EmployeesData, UserAdminRow } from "@/lib/system/admin-queries";
import { setUserEnabledAction, unlockUserAction } from "@/lib/system/actions";
import { USER_STATUSES, USER_TYPES } from "@/lib/system/options";
import kit from "@/components/ui/record-screen.module.css";
import { RowActions, useConfirmedAction } from "./admin-kit";
import { DepartmentTree } from "./department-tree";
import type { EmployeeDialog } from "./employee-drawers";

// The user, password and approval drawers (antd's Form, Select, TreeSelect, Radio) load when one first opens.
const EmployeeDrawers = antdDynamic(() => import("./employee-drawers").then((m) => m.EmployeeDrawers));

const STATUS_COLOR = { PENDING: "gold", ACTIVE: "green", LOCKED: "red", DISABLED: "default" } as const;
const TYPE_COLOR = { DEALER: "blue", STAFF: "cyan", ADMIN: "purple" } as const;
type Dialog = EmployeeDialog | null;

const isLocked = (u: UserAdminRow) => u.status === "LOCKED" || (!!u.lockedUntil && new Date(u.lockedUntil) > new Date());

export function EmployeeAdmin({ data }: { data: EmployeesData }) {
  const t = useTranslations("UserAdmin");
  const tf = useTranslations("UserAdmin.fields");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const format = useFormatter();
  const router = useRouter();
  const pathname = usePathname();
  const [dialog, setDialogState] = useState<Dialog>(null);
  const [used, setUsed] = useState(false);
  const setDialog = (d: Dialog) => {
    setDialogState(d);
    if (d) setUsed(true);
  };
  const [q, setQ] = useState(data.search.q ?? "");
  const confirmed = useConfirmedAction();
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);

  const orgName = new Map<number, string>();
  const index = (nodes: EmployeesData["orgs"]) => nodes.forEach((n) => (orgName.set(n.id, name(n)), index(n.children ?? [])));
  index(data.orgs);
  const go = (patch: Record<string, string | number | null | undefined>) => {
    const p = new URLSearchParams();
    const next = { q: data.search.q, status: data.search.status, userType: data.search.userType, organizationId: data.search.organizationId, page: 1, ...patch };
    for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined && v !== "" && !(k === "page" && v === 1)) p.set(k, String(v));
    const qs = p.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname);
  };

  // A new dialog object each time: the drawer resets its form to it.
  const openUser = (d: Exclude<Dialog, null>) => setDialog({ ...d });
  const openApprove = (u: UserAdminRow) => setDialog({ kind: "approve", user: u });

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
              onClick: () => setDialog({ kind: "reset", user: r }),
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openUser({ kind: "create" })} data-testid="create">
            {t("actions.create")}
          </Button>
        )
      }
    >
      <div style={{ display: "flex", gap: 16, alignItems: "flex-start" }}>
        <aside style={{ width: 260, flex: "none", border: "1px solid rgba(0,0,0,0.08)", borderRadius: 8, padding: 12 }} data-testid="department-tree">
          <div style={{ fontWeight: 600, marginBottom: 8 }}>{t("departments")}</div>
          <DepartmentTree
            nodes={[{ id: 0, nameEn: t("allDepartments"), nameZh: t("allDepartments"), children: data.orgs }]}
            selected={data.search.organizationId ?? 0}
            name={name}
            onSelect={(id) => go({ organizationId: id || null })}
          />
        </aside>
        <div style={{ flex: 1, minWidth: 0 }}>
          <form
            className={kit.filters}
            style={{ marginBottom: 12 }}
            onSubmit={(e) => {
              e.preventDefault();
              go({ q });
            }}
          >
            <input
              className={kit.input}
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder={tf("q")}
              aria-label={tf("q")}
              maxLength={100}
              style={{ width: 240 }}
              data-testid="search-q"
            />
            <select
              className={kit.input}
              value={data.search.status ?? ""}
              aria-label={tf("status")}
              onChange={(e) => go({ q, status: e.target.value || null })}
              data-testid="search-status"
            >
              <option value="">{`${tf("status")}: ${ta("all")}`}</option>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`statuses.${s}`)}
                </option>
              ))}
            </select>
            <select className={kit.input} value={data.search.userType ?? ""} aria-label={tf("userType")} onChange={(e) => go({ q, userType: e.target.value || null })}>
              <option value="">{`${tf("userType")}: ${ta("all")}`}</option>
              {USER_TYPES.map((s) => (
                <option key={s} value={s}>
                  {t(`types.${s}`)}
                </option>
              ))}
            </select>
            <button type="submit" className={kit.buttonPrimary} data-testid="search">
              {ta("search")}
            </button>
            <button type="button" className={kit.button} onClick={() => (setQ(""), router.push(pathname))}>
              {ta("reset")}
            </button>
          </form>
          {data.pending > 0 && data.search.status !== "PENDING" && (
            <div className={kit.notice} role="status" data-testid="pending-users">
              <span>{t("pending", { count: data.pending })}</span>
              <button type="button" className={kit.button} onClick={() => go({ status: "PENDING" })}>
                {t("showPending")}
              </button>
            </div>
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

      {used && <EmployeeDrawers dialog={dialog} data={data} onClose={() => setDialog(null)} />}
    </PageContainer>
  );
}
