"use client";

import { SearchOutlined } from "@ant-design/icons";
import { Button, Input, Space, Tag } from "antd";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { SmsPage, SmsRow } from "@/lib/accounts/sms-queries";
import { PageContainer } from "@/components/ui/page-container";
import { useListQuery } from "./use-list-query";

export function SmsOutboxTable({ data }: { data: SmsPage }) {
  const t = useTranslations("SmsOutbox");
  const format = useFormatter();
  const { go, pending } = useListQuery();
  const [phone, setPhone] = useState(data.filters.phone);
  const scene = (v: string) => (v === "REGISTER" || v === "RESET_PASSWORD" ? t(`scenes.${v}`) : v);

  const columns: DataColumn<SmsRow>[] = [
    { title: t("time"), dataIndex: "createdAt", width: 190, render: (v: string) => format.dateTime(new Date(v), { dateStyle: "medium", timeStyle: "medium" }) },
    { title: t("phone"), dataIndex: "phone", width: 130 },
    { title: t("scene"), dataIndex: "scene", width: 140, render: scene },
    {
      title: t("content"),
      dataIndex: "content",
      render: (v: string, r) =>
        r.error ? (
          <>
            {v}
            <div style={{ color: "#cf1322", fontSize: 12 }}>
              {t("error")}: {r.error}
            </div>
          </>
        ) : (
          v
        ),
    },
    { title: t("sender"), dataIndex: "sender", width: 100 },
    { title: t("status"), dataIndex: "status", width: 100, render: (v: SmsRow["status"]) => <Tag color={v === "SENT" ? "green" : "red"}>{t(`statuses.${v}`)}</Tag> },
  ];

  return (
    <PageContainer title={t("title")} description={t("description")}>
      <form onSubmit={(e) => (e.preventDefault(), go({ phone: phone.trim(), pageSize: data.pageSize }))} style={{ marginBottom: 16 }} data-testid="sms-filters">
        <Space wrap>
          <Input
            aria-label={t("phone")}
            placeholder={t("phonePlaceholder")}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            allowClear
            style={{ width: 200 }}
            maxLength={20}
            inputMode="numeric"
            name="phone"
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t("search")}
          </Button>
          <Button onClick={() => (setPhone(""), go({}))}>{t("reset")}</Button>
        </Space>
      </form>
      <DataTable<SmsRow>
        rowKey="id"
        columns={columns}
        rows={data.rows}
        loading={pending}
        scrollX={900}
        testId="sms-table"
        paging={{
          page: data.page,
          pageSize: data.pageSize,
          total: data.total,
          pageSizes: [10, 20, 50, 100],
          onChange: (page, pageSize) => go({ ...data.filters, page: pageSize !== data.pageSize ? 1 : page, pageSize }),
        }}
      />
    </PageContainer>
  );
}
