"use client";

import { DownloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, DatePicker, Input, Select, Space, Tag } from "antd";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import dayjs, { type Dayjs } from "dayjs";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { LoginLogFilters, LoginLogPage, LoginLogRow } from "@/lib/accounts/login-log-queries";
import { withBase } from "@/lib/client/base-path";
import { PageContainer } from "@/components/ui/page-container";
import { useListQuery } from "./use-list-query";

type Range = [Dayjs | null, Dayjs | null] | null;
const DAY = "YYYY-MM-DD";

export function LoginLogTable({ data, canExport }: { data: LoginLogPage; canExport: boolean }) {
  const t = useTranslations("LoginLog");
  const format = useFormatter();
  const { go, pending } = useListQuery();
  const [account, setAccount] = useState(data.filters.account);
  const [result, setResult] = useState<LoginLogFilters["result"]>(data.filters.result);
  const [range, setRange] = useState<Range>(
    data.filters.from || data.filters.to ? [data.filters.from ? dayjs(data.filters.from) : null, data.filters.to ? dayjs(data.filters.to) : null] : null,
  );

  const filters = (): LoginLogFilters => ({ account: account.trim(), result, from: range?.[0]?.format(DAY) ?? "", to: range?.[1]?.format(DAY) ?? "" });
  const applied = new URLSearchParams(Object.entries(data.filters).filter(([, v]) => v)).toString();

  const columns: DataColumn<LoginLogRow>[] = [
    { title: t("time"), dataIndex: "createdAt", width: 190, render: (v: string) => format.dateTime(new Date(v), { dateStyle: "medium", timeStyle: "medium" }) },
    { title: t("account"), dataIndex: "account", width: 160 },
    { title: t("result"), dataIndex: "result", width: 100, render: (v: LoginLogRow["result"]) => <Tag color={v === "SUCCESS" ? "green" : "red"}>{t(`results.${v}`)}</Tag> },
    { title: t("reason"), dataIndex: "reason", width: 200, render: (v: string) => (t.has(`reasons.${v}` as "reasons.SUCCESS") ? t(`reasons.${v}` as "reasons.SUCCESS") : v) },
    { title: t("company"), dataIndex: "company", width: 100, render: (v: string | null) => v ?? "—" },
    { title: t("ip"), dataIndex: "ip", width: 140, render: (v: string | null) => v ?? "—" },
    { title: t("userAgent"), dataIndex: "userAgent", ellipsis: true, render: (v: string | null) => v ?? "—" },
  ];

  return (
    <PageContainer
      title={t("title")}
      description={t("description")}
      extra={
        canExport && (
          <Button icon={<DownloadOutlined />} href={withBase(`/api/v1/login-log/export${applied ? `?${applied}` : ""}`)} data-testid="login-log-export">
            {t("export")}
          </Button>
        )
      }
    >
      <form onSubmit={(e) => (e.preventDefault(), go({ ...filters(), page: 1, pageSize: data.pageSize }))} style={{ marginBottom: 16 }} data-testid="login-log-filters">
        <Space wrap>
          <Input
            aria-label={t("account")}
            placeholder={t("accountPlaceholder")}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            allowClear
            style={{ width: 200 }}
            maxLength={50}
            name="account"
          />
          <Select<LoginLogFilters["result"]>
            aria-label={t("result")}
            value={result}
            onChange={setResult}
            style={{ width: 140 }}
            data-testid="login-log-result"
            options={[
              { value: "", label: t("all") },
              { value: "SUCCESS", label: t("results.SUCCESS") },
              { value: "FAILURE", label: t("results.FAILURE") },
            ]}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(v) => setRange(v as Range)}
            allowEmpty={[true, true]}
            placeholder={[t("startDate"), t("endDate")]}
            aria-label={t("dateRange")}
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t("search")}
          </Button>
          <Button onClick={() => (setAccount(""), setResult(""), setRange(null), go({}))}>{t("reset")}</Button>
        </Space>
      </form>
      <DataTable<LoginLogRow>
        rowKey="id"
        columns={columns}
        rows={data.rows}
        loading={pending}
        scrollX={1100}
        testId="login-log-table"
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
