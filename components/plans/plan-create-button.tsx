"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import styles from "@/components/ui/record-screen.module.css";

// "New plan": a plain button; the form (antd) loads on the first click.
const PlanForm = antdDynamic(() => import("./plan-form").then((m) => m.PlanForm));

export function PlanCreateButton() {
  const t = useTranslations("Plans");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => setOpen(true)} data-testid="plan-create">
        {t("create")}
      </button>
      {open && <PlanForm onClose={() => setOpen(false)} />}
    </>
  );
}
