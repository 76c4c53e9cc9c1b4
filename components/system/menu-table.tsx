"use client";

import { Table, Tag, type TableColumnsType } from "antd";
import { useLocale, useTranslations } from "next-intl";
import type { MenuRow } from "@/lib/system/queries";
import { PageContainer } from "@/components/ui/page-container";
import { menuIcon } from "@/components/shell/menu-icon";

const TYPE_COLOR = { DIRECTORY: "blue", MENU: "green", BUTTON: "orange" } as const;

export function MenuTable({ rows }: { rows: MenuRow[] }) {
  const t = useTranslations("System.menu");
  const tc = useTranslations("System.common");
  const zh = useLocale() === "zh-CN";
  const columns: TableColumnsType<MenuRow> = [
    { title: t("name"), key: "name", render: (_, r) => (<span>{r.type !== "BUTTON" && <span style={{ marginInlineEnd: 8 }}>{menuIcon(r.icon)}</span>}{zh ? r.nameZh : r.nameEn}</span>) },
    { title: t("type"), dataIndex: "type", width: 120, render: (v: MenuRow["type"]) => <Tag color={TYPE_COLOR[v]}>{t(`types.${v}`)}</Tag> },
    { title: t("path"), dataIndex: "path", render: (v: string | null) => v ?? tc("none") },
    { title: t("permission"), dataIndex: "permission", render: (v: string | null) => v ?? tc("none") },
    { title: t("sort"), dataIndex: "sort", width: 90, align: "right" },
    { title: t("visible"), dataIndex: "visible", width: 100, render: (v: boolean) => (v ? <Tag color="green">{tc("yes")}</Tag> : <Tag>{tc("no")}</Tag>) },
    { title: t("tile"), dataIndex: "tile", width: 110, render: (v: boolean) => (v ? <Tag color="green">{tc("yes")}</Tag> : tc("none")) },
  ];
  return (
    <PageContainer title={t("title")} description={t("description")}>
      <Table<MenuRow> rowKey="id" columns={columns} dataSource={rows} pagination={false} size="middle" expandable={{ defaultExpandAllRows: false }} scroll={{ x: 900 }} />
    </PageContainer>
  );
}
