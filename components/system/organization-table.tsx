"use client";

import { Table, Tag, type TableColumnsType } from "antd";
import { useLocale, useTranslations } from "next-intl";
import type { OrganizationRow } from "@/lib/system/queries";
import { PageContainer } from "@/components/ui/page-container";

const TYPE_COLOR = { HEADQUARTERS: "purple", REGION: "blue", DEPARTMENT: "cyan" } as const;

export function OrganizationTable({ rows }: { rows: OrganizationRow[] }) {
  const t = useTranslations("System.organization");
  const tc = useTranslations("System.common");
  const zh = useLocale() === "zh-CN";
  const columns: TableColumnsType<OrganizationRow> = [
    { title: t("name"), key: "name", render: (_, r) => (zh ? r.nameZh : r.nameEn) },
    { title: t("code"), dataIndex: "code", width: 140 },
    { title: t("type"), dataIndex: "type", width: 140, render: (v: OrganizationRow["type"]) => <Tag color={TYPE_COLOR[v]}>{t(`types.${v}`)}</Tag> },
    { title: t("companies"), key: "companies", render: (_, r) => (r.companies.length ? r.companies.map((c) => <Tag key={c.code}>{`${zh ? c.nameZh : c.nameEn} (${c.code})`}</Tag>) : tc("none")) },
    { title: t("users"), dataIndex: "users", width: 110, align: "right" },
  ];
  return (
    <PageContainer title={t("title")} description={t("description")}>
      <Table<OrganizationRow> rowKey="id" columns={columns} dataSource={rows} pagination={false} size="middle" expandable={{ defaultExpandAllRows: true }} scroll={{ x: 800 }} />
    </PageContainer>
  );
}
