"use client";

import { Table, Tag, type TableColumnsType } from "antd";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { RoleRow } from "@/lib/system/queries";
import { PageContainer } from "@/components/ui/page-container";

export function RoleTable({ rows }: { rows: RoleRow[] }) {
  const t = useTranslations("System.role");
  const ts = useTranslations("System.dataScopes");
  const zh = useLocale() === "zh-CN";
  const format = useFormatter();
  const columns: TableColumnsType<RoleRow> = [
    { title: t("name"), key: "name", render: (_, r) => (zh ? r.nameZh : r.nameEn) },
    { title: t("code"), dataIndex: "code", width: 160 },
    { title: t("dataScope"), dataIndex: "dataScope", width: 220, render: (v: string) => <Tag color="green">{ts(v)}</Tag> },
    { title: t("menus"), dataIndex: "menus", width: 120, align: "right" },
    { title: t("users"), dataIndex: "users", width: 110, align: "right" },
    { title: t("updatedAt"), dataIndex: "updatedAt", width: 200, render: (v: string) => format.dateTime(new Date(v), { dateStyle: "medium", timeStyle: "short" }) },
  ];
  return (
    <PageContainer title={t("title")} description={t("description")}>
      <Table<RoleRow> rowKey="id" columns={columns} dataSource={rows} pagination={false} size="middle" scroll={{ x: 800 }} />
    </PageContainer>
  );
}
