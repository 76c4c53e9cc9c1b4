"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import rows from "@/components/ui/row-actions.module.css";
import { deleteTierAction } from "@/lib/members/actions";
import type { TTierSave } from "@/lib/members/schemas";

// The tier list's islands: create, and per row edit and delete. The drawer (antd Drawer and
// Form, the fields generated from ZTierSave) is ./tier-drawer.tsx, loaded on the first opening
// (pointing at a button fetches it early). Deleting asks first; the server refuses a tier with members.

const loadDrawer = () => import("./tier-drawer").then((m) => m.TierDrawer);
const TierDrawer = antdDynamic(loadDrawer);
const preload = () => void loadDrawer();

type Editing = Partial<TTierSave>;

function useDrawer() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [used, setUsed] = useState(false);
  if (editing && !used) setUsed(true);
  const drawer = used ? <TierDrawer values={editing} onClose={() => setEditing(null)} /> : null;
  return { open: (v: Editing) => setEditing({ ...v }), drawer };
}

export function TierCreateButton() {
  const t = useTranslations("Members.tiers");
  const { open, drawer } = useDrawer();
  return (
    <>
      <button
        type="button"
        className={styles.buttonPrimary}
        onClick={() => open({ threshold: 0, discountPct: 0, enabled: true })}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="tier-create"
      >
        {t("create")}
      </button>
      {drawer}
    </>
  );
}

export function TierRowActions({ row }: { row: TTierSave & { id: number } }) {
  const t = useTranslations("Members.tiers");
  const ta = useTranslations("Access");
  const router = useRouter();
  const [pending, start] = useTransition();
  const { open, drawer } = useDrawer();
  const remove = () =>
    start(async () => {
      const ok = await confirmDialog({ title: t("confirmDelete", { code: row.code }), content: t("cannotUndo"), danger: true, okText: t("delete"), cancelText: ta("cancel") });
      if (!ok) return;
      const res = await deleteTierAction({ id: row.id });
      if (!res.ok) return void actionFailed(res);
      toast("success", t("deleted"));
      router.refresh();
    });
  return (
    <div className={rows.actions}>
      <button type="button" className={rows.act} onClick={() => open(row)} onPointerEnter={preload} onFocus={preload} data-testid="tier-edit">
        {t("edit")}
      </button>
      <button type="button" className={`${rows.act} ${rows.danger}`} disabled={pending} onClick={remove} data-testid="tier-delete">
        {t("delete")}
      </button>
      {drawer}
    </div>
  );
}
