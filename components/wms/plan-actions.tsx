"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import { setPlanEnabledAction } from "@/lib/wms/plans/actions";
import type { TSavePlanInput } from "@/lib/wms/plans/schemas";
import own from "@/components/ui/row-actions.module.css";

// The plan list's islands: create, and per row edit and enable/disable. The drawer (antd Drawer
// and Form, the generated fields, the choices read when it opens) is ./plan-drawer.tsx, loaded
// on the first opening (pointing at a button fetches it early).

const loadDrawer = () => import("./plan-drawer").then((m) => m.PlanDrawer);
const PlanDrawer = antdDynamic(loadDrawer);
const preload = () => void loadDrawer();

export type PlanEditing = Partial<TSavePlanInput> & { id?: number };

function useDrawer() {
  const [editing, setEditing] = useState<PlanEditing | null>(null);
  const [used, setUsed] = useState(false);
  if (editing && !used) setUsed(true);
  const drawer = used ? <PlanDrawer values={editing} onClose={() => setEditing(null)} /> : null;
  return { open: (v: PlanEditing) => setEditing({ ...v }), drawer };
}

export function PlanCreateButton() {
  const t = useTranslations("WmsPlans");
  const { open, drawer } = useDrawer();
  return (
    <>
      <button
        type="button"
        className={styles.buttonPrimary}
        onClick={() => open({ cycle: "MONTHLY", enabled: true, locationIds: [], goodsIds: [] })}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="plan-create"
      >
        {t("create")}
      </button>
      {drawer}
    </>
  );
}

export function PlanRowActions({ row }: { row: PlanEditing & { id: number; name: string; enabled: boolean } }) {
  const t = useTranslations("WmsPlans");
  const router = useRouter();
  const [pending, start] = useTransition();
  const { open, drawer } = useDrawer();
  const toggle = () =>
    start(async () => {
      const res = await setPlanEnabledAction({ id: row.id, enabled: !row.enabled });
      if (!res.ok) return void actionFailed(res);
      toast("success", row.enabled ? t("disabledDone") : t("enabledDone"));
      router.refresh();
    });
  return (
    <div className={own.actions}>
      <button type="button" className={own.act} onClick={() => open(row)} onPointerEnter={preload} onFocus={preload} data-testid="plan-edit">
        {t("edit")}
      </button>
      <button type="button" className={own.act} disabled={pending} onClick={toggle} data-testid="plan-toggle">
        {row.enabled ? t("disable") : t("enable")}
      </button>
      {drawer}
    </div>
  );
}
