"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import { PlusOutlined } from "@ant-design/icons";
import { Button, Tag } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { AdminList } from "@/components/admin/admin-list";
import { setCompanyEnabledAction } from "@/lib/companies/actions";
import type { CompanyAdminData } from "@/lib/companies/loader";
import { COMPANY_STATUSES } from "@/lib/companies/options";
import type { CompanyRow } from "@/lib/companies/resource";
import { useConfirmedAction } from "./admin-kit";

// system/company — the dealer network: the list (admin pattern: search, sort, export, import)
// and the onboarding and edit drawer (./company-drawers.tsx, loaded on the first click).

const loadDrawer = () => import("./company-drawers").then((m) => m.CompanyDrawer);
const CompanyDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();

export type CompanyDialog = { kind: "onboard" } | { kind: "edit"; company: CompanyRow };

export function CompanyAdmin({ data }: { data: CompanyAdminData }) {
  const t = useTranslations("CompanyAdmin");
  const zh = useLocale() === "zh-CN";
  const run = useConfirmedAction();
  const [dialog, setDialog] = useState<CompanyDialog | null>(null);
  const [used, setUsed] = useState(false);
  if (dialog && !used) setUsed(true);
  const { list, options } = data;
  const name = (r: { nameEn: string; nameZh: string } | null) => (r ? (zh ? r.nameZh : r.nameEn) : "—");

  const toggle = (r: CompanyRow) => {
    const enabling = r.status === "DISABLED";
    void run(
      enabling
        ? { title: t("confirmEnable", { name: name(r) }), content: t("confirmEnableText"), okText: t("enable") }
        : { title: t("confirmDisable", { name: name(r) }), content: t("confirmDisableText"), danger: true, okText: t("disable") },
      setCompanyEnabledAction,
      { id: r.id, enabled: enabling },
      enabling ? t("enabledDone") : t("disabledDone", { count: r.users }),
    );
  };

  return (
    <>
      <AdminList<CompanyRow>
        labels="CompanyAdmin"
        resource="company"
        data={list}
        search={[
          { name: "keyword", type: "text", placeholder: t("keywordPlaceholder"), width: 240 },
          { name: "status", type: "select", options: COMPANY_STATUSES.map((s) => ({ value: s, label: t(`options.status.${s}`) })) },
          { name: "orgSourceId", type: "select", options: options.orgSources.map((o) => ({ value: String(o.id), label: name(o) })) },
          { name: "organizationId", type: "select", options: options.regions.map((o) => ({ value: String(o.id), label: name(o) })) },
        ]}
        columns={[
          { key: "code", sortable: true, width: 120, render: (r) => <span data-testid={`company-row-${r.code}`}>{r.code}</span> },
          { key: "name", kind: "localized", width: 220 },
          { key: "orgSource", width: 130, render: (r) => name(r.orgSource) },
          { key: "organization", width: 130, render: (r) => name(r.organization) },
          { key: "area", width: 160, render: (r) => (r.areaPath.length ? r.areaPath.map((a) => name(a)).join(" / ") : "—") },
          { key: "contact", width: 110 },
          { key: "phone", width: 150 },
          { key: "licenseNo", width: 190, defaultHidden: true },
          { key: "address", ellipsis: true, defaultHidden: true },
          {
            key: "status",
            width: 90,
            render: (r) => (
              <Tag color={r.status === "ACTIVE" ? "green" : "default"} data-testid={`company-status-${r.code}`}>
                {t(`options.status.${r.status}`)}
              </Tag>
            ),
          },
          { key: "users", width: 80, align: "right" },
          { key: "createdAt", kind: "dateTime", sortable: true, width: 170, defaultHidden: true },
          { key: "updatedAt", kind: "dateTime", sortable: true, width: 170 },
        ]}
        scrollX={1500}
        toolbar={
          list.can.create && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: "onboard" })}
              onPointerEnter={preloadDrawer}
              onFocus={preloadDrawer}
              data-testid="create"
            >
              {t("onboard")}
            </Button>
          )
        }
        rowActions={(r) => [
          { key: "edit", label: t("edit"), hidden: !list.can.update, onClick: () => setDialog({ kind: "edit", company: r }) },
          {
            key: r.status === "ACTIVE" ? "disable" : "enable",
            label: r.status === "ACTIVE" ? t("disable") : t("enable"),
            danger: r.status === "ACTIVE",
            hidden: !data.canDisable,
            onClick: () => toggle(r),
          },
        ]}
      />
      {used && <CompanyDrawer dialog={dialog} options={options} onClose={() => setDialog(null)} />}
    </>
  );
}
