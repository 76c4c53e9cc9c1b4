"use client";

import { Button, Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import kit from "@/components/ui/record-screen.module.css";
import { PlusOutlined } from "@ant-design/icons";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import { deleteReleaseAction, publishReleaseAction, withdrawReleaseAction } from "@/lib/app-releases/actions";
import { APP_PLATFORMS, APP_RELEASE_STATUSES, type AppPlatformName } from "@/lib/app-releases/options";
import type { AppReleaseRow, AppReleasesData } from "@/lib/app-releases/queries";
import type { AttachmentValue } from "@/lib/uploads/formats";
import type { UploadRule } from "@/lib/uploads/formats";
import { RowActions, useConfirmedAction } from "./admin-kit";

// system/appVersion: the releases of every platform (a platform tab and a status filter in the
// URL), newest number first; the drawer (antd's Form, the upload field, the schema) loads when
// it first opens.

export type ReleaseValues = {
  platform: AppPlatformName;
  versionName: string;
  versionNumber: number;
  minSupported: number;
  forceUpdate: boolean;
  notesEn: string;
  notesZh: string;
  package: AttachmentValue[];
  storeUrl: string;
};
export type ReleaseEditing = Partial<ReleaseValues> & { id?: number; frozen?: boolean };

const loadDrawer = () => import("./app-release-drawer").then((m) => m.AppReleaseDrawer);
const AppReleaseDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();

const STATUS_COLOR = { DRAFT: "default", PUBLISHED: "green", WITHDRAWN: "orange" } as const;

export function AppReleaseAdmin({ data, rule }: { data: AppReleasesData; rule: UploadRule }) {
  const t = useTranslations("AppReleases");
  const tf = useTranslations("AppReleases.fields");
  const ta = useTranslations("Access");
  const format = useFormatter();
  const router = useRouter();
  const pathname = usePathname();
  const confirmed = useConfirmedAction();
  const [editing, setEditing] = useState<ReleaseEditing | null>(null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (editing && !drawerUsed) setDrawerUsed(true);

  const href = (patch: { platform?: string | null; status?: string | null }) => {
    const p = new URLSearchParams();
    const next = { platform: data.filters.platform ?? null, status: data.filters.status ?? null, ...patch };
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    const qs = p.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  const label = (r: AppReleaseRow) => ({ platform: t(`platforms.${r.platform}`), version: `${r.versionName} (${r.versionNumber})` });
  const edit = (r: AppReleaseRow) =>
    setEditing({
      id: r.id,
      frozen: r.status !== "DRAFT",
      platform: r.platform,
      versionName: r.versionName,
      versionNumber: r.versionNumber,
      minSupported: r.minSupported,
      forceUpdate: r.forceUpdate,
      notesEn: r.notesEn,
      notesZh: r.notesZh,
      storeUrl: r.storeUrl ?? "",
      package: r.package ? [{ id: r.package.id, name: r.package.name, url: r.package.url, thumbUrl: null, kind: "APP_PACKAGE" }] : [],
    });

  const columns: DataColumn<AppReleaseRow>[] = [
    { title: tf("platform"), dataIndex: "platform", width: 110, render: (p: AppPlatformName) => t(`platforms.${p}`) },
    { title: tf("versionName"), dataIndex: "versionName", width: 140 },
    { title: tf("versionNumber"), dataIndex: "versionNumber", width: 110, align: "right" },
    { title: tf("minSupported"), dataIndex: "minSupported", width: 130, align: "right" },
    {
      title: tf("forceUpdate"),
      dataIndex: "forceUpdate",
      width: 110,
      render: (v: boolean) => (v ? <Tag color="red">{ta("yes")}</Tag> : <Tag>{ta("no")}</Tag>),
    },
    {
      title: tf("status"),
      dataIndex: "status",
      width: 110,
      render: (s: AppReleaseRow["status"]) => (
        <Tag color={STATUS_COLOR[s]} data-testid="release-status">
          {t(`statuses.${s}`)}
        </Tag>
      ),
    },
    {
      title: t("source"),
      key: "source",
      width: 180,
      render: (_, r) =>
        r.package ? (
          <a href={r.package.url} target="_blank" rel="noopener noreferrer">
            {r.package.name}
          </a>
        ) : r.storeUrl ? (
          <a href={r.storeUrl} target="_blank" rel="noopener noreferrer">
            {t("storeLink")}
          </a>
        ) : (
          "—"
        ),
    },
    {
      title: tf("publishedAt"),
      dataIndex: "publishedAt",
      width: 160,
      render: (v: string | null) => (v ? format.dateTime(new Date(v), { dateStyle: "short", timeStyle: "short" }) : "—"),
    },
    { title: tf("downloadCount"), dataIndex: "downloadCount", width: 100, align: "right" },
    {
      title: ta("actions"),
      key: "actions",
      width: 220,
      render: (_, r) => (
        <RowActions
          items={[
            { key: "edit", label: ta("edit"), hidden: !data.can.manage || r.status === "WITHDRAWN", onClick: () => edit(r) },
            {
              key: "publish",
              label: t("publish"),
              hidden: !data.can.publish || r.status !== "DRAFT",
              onClick: () => void confirmed({ title: t("confirmPublish", label(r)), content: t("confirmPublishHint") }, publishReleaseAction, { id: r.id }, t("published")),
            },
            {
              key: "withdraw",
              label: t("withdraw"),
              danger: true,
              hidden: !data.can.publish || r.status !== "PUBLISHED",
              onClick: () =>
                void confirmed({ title: t("confirmWithdraw", label(r)), content: t("confirmWithdrawHint"), danger: true }, withdrawReleaseAction, { id: r.id }, t("withdrawn")),
            },
            {
              key: "delete",
              label: ta("delete"),
              danger: true,
              hidden: !data.can.manage || r.status !== "DRAFT",
              onClick: () =>
                void confirmed({ title: t("confirmDelete", label(r)), content: ta("confirmDeleteHint"), danger: true }, deleteReleaseAction, { id: r.id }, t("deleted")),
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
        data.can.manage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ platform: data.filters.platform ?? "ANDROID", forceUpdate: false, package: [], storeUrl: "" })}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            data-testid="create"
          >
            {ta("create")}
          </Button>
        )
      }
    >
      <div className={kit.filters} style={{ marginBottom: 12 }}>
        <nav aria-label={tf("platform")} style={{ display: "flex", gap: 4, flexWrap: "wrap" }} data-testid="platform-tabs">
          {[null, ...APP_PLATFORMS].map((p) => {
            const current = (data.filters.platform ?? null) === p;
            return (
              <Link
                key={p ?? "all"}
                href={href({ platform: p })}
                className={current ? kit.buttonPrimary : kit.button}
                aria-current={current ? "page" : undefined}
                data-testid={`platform-${p ?? "all"}`}
              >
                {p ? t(`platforms.${p}`) : t("allPlatforms")}
              </Link>
            );
          })}
        </nav>
        <select
          className={kit.input}
          value={data.filters.status ?? ""}
          aria-label={t("filterStatus")}
          onChange={(e) => router.push(href({ status: e.target.value || null }))}
          data-testid="status-filter"
        >
          <option value="">{t("allStatuses")}</option>
          {APP_RELEASE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable<AppReleaseRow> rowKey="id" columns={columns} rows={data.releases} scrollX={1400} testId="admin-table" empty={t("empty")} />
      {drawerUsed && <AppReleaseDrawer open={!!editing} editing={editing} rule={rule} onClose={() => setEditing(null)} />}
    </PageContainer>
  );
}
