"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import styles from "@/components/ui/record-screen.module.css";
import type { TRuleSave } from "@/lib/members/schemas";

// The rules' edit button; the drawer (./rules-drawer.tsx) loads on the first opening.

const loadDrawer = () => import("./rules-drawer").then((m) => m.RulesDrawer);
const RulesDrawer = antdDynamic(loadDrawer);
const preload = () => void loadDrawer();

export function RulesEditButton({ values }: { values: Partial<TRuleSave> }) {
  const t = useTranslations("Members.rules");
  const [editing, setEditing] = useState<Partial<TRuleSave> | null>(null);
  const [used, setUsed] = useState(false);
  if (editing && !used) setUsed(true);
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => setEditing({ ...values })} onPointerEnter={preload} onFocus={preload} data-testid="rules-edit">
        {t("edit")}
      </button>
      {used ? <RulesDrawer values={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
