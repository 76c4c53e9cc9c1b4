"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { deleteDownloadAction, setDownloadEnabledAction } from "@/lib/downloads/actions";
import type { DownloadUploadRules } from "@/lib/downloads/loader";
import styles from "./downloads.module.css";
import ui from "@/components/ui/record-screen.module.css";

// Managing staff's buttons (download:manage; the actions check it again): "New item" on the
// list, and edit / switch on-off / delete per item. The form (antd Drawer, the rich-text editor,
// uploads) loads with its own chunk on first use, fetched early when the pointer comes near.
const loadForm = () => import("./download-form").then((m) => m.DownloadForm);
const DownloadForm = antdDynamic(loadForm);
const preload = () => void loadForm();

export function DownloadCreateButton({ rules }: { rules: DownloadUploadRules }) {
  const t = useTranslations("Downloads.actions");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={ui.buttonPrimary} onClick={() => setOpen(true)} onPointerEnter={preload} onFocus={preload} data-testid="download-new">
        {t("new")}
      </button>
      {open && <DownloadForm id={null} rules={rules} onClose={() => setOpen(false)} />}
    </>
  );
}

type BarProps = { id: number; title: string; enabled: boolean; rules: DownloadUploadRules; compact?: boolean; afterDelete?: string };

export function DownloadManageBar({ id, title, enabled, rules, compact = false, afterDelete }: BarProps) {
  const t = useTranslations("Downloads.actions");
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [pending, start] = useTransition();
  const size = compact ? styles.small : "";

  const toggle = () =>
    start(async () => {
      const res = await setDownloadEnabledAction({ id, enabled: !enabled }).catch(() => null);
      if (!res) return void toast("error", t("failed"));
      if (!res.ok) return void actionFailed(res);
      toast("success", t(enabled ? "done.disabled" : "done.enabled", { title }));
      router.refresh();
    });

  const remove = () =>
    start(async () => {
      const ok = await confirmDialog({ title: t("deleteTitle", { title }), content: t("deleteText"), okText: t("delete"), cancelText: t("cancel"), danger: true });
      if (!ok) return;
      const res = await deleteDownloadAction({ id }).catch(() => null);
      if (!res) return void toast("error", t("failed"));
      if (!res.ok) return void actionFailed(res);
      toast("success", t("done.deleted", { title }));
      if (afterDelete) router.push(afterDelete);
      else router.refresh();
    });

  return (
    <div className={styles.manage} data-testid="download-manage">
      <button
        type="button"
        className={`${ui.button} ${size}`}
        disabled={pending}
        onClick={() => setEditing(true)}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="download-edit"
      >
        {t("edit")}
      </button>
      <button type="button" className={`${ui.button} ${size}`} disabled={pending} onClick={toggle} data-testid="download-toggle">
        {t(enabled ? "disable" : "enable")}
      </button>
      <button type="button" className={`${ui.buttonDanger} ${size}`} disabled={pending} onClick={remove} data-testid="download-delete">
        {t("delete")}
      </button>
      {editing && <DownloadForm id={id} rules={rules} onClose={() => setEditing(false)} />}
    </div>
  );
}
