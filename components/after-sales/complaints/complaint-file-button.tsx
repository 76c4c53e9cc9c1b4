"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { ComplaintUploadRules } from "@/lib/after-sales/complaints/queries";
import type { DictItemView } from "@/lib/dict/items";
import styles from "@/components/ui/record-screen.module.css";

// "File a complaint" on the list: a plain button; the form with antd and the upload field load
// on the first click.
const ComplaintForm = antdDynamic(() => import("./complaint-form").then((m) => m.ComplaintForm));

export function ComplaintFileButton({ categories, rules }: { categories: DictItemView[]; rules: ComplaintUploadRules }) {
  const t = useTranslations("Complaints.actions");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => setOpen(true)} data-testid="complaint-file">
        {t("file")}
      </button>
      {open && <ComplaintForm categories={categories} rules={rules} onClose={() => setOpen(false)} />}
    </>
  );
}
