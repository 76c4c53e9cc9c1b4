"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { UploadRule } from "@/lib/uploads/formats";
import styles from "@/components/ui/record-screen.module.css";

// The list's dealer buttons. The forms (antd, the upload field) load with their own chunks on
// first click, so the list's first load stays plain HTML plus this island.
const ReturnForm = antdDynamic(() => import("./return-form").then((m) => m.ReturnForm));
const ShipDialog = antdDynamic(() => import("./ship-dialog").then((m) => m.ShipDialog));

export function ReturnListActions({ canCreate, imageRule, shippable }: { canCreate: boolean; imageRule: UploadRule | null; shippable: number }) {
  const t = useTranslations("SalesReturns.actions");
  const [open, setOpen] = useState<"file" | "ship" | null>(null);
  if (!canCreate && shippable === 0) return null;
  return (
    <div className={styles.buttons} data-testid="sales-return-list-actions">
      {shippable > 0 && (
        <button type="button" className={styles.button} onClick={() => setOpen("ship")} data-testid="sales-return-ship-approved">
          {t("shipApproved", { count: shippable })}
        </button>
      )}
      {canCreate && (
        <button type="button" className={styles.buttonPrimary} onClick={() => setOpen("file")} data-testid="sales-return-file">
          {t("file")}
        </button>
      )}
      {open === "file" && <ReturnForm imageRule={imageRule ?? undefined} onClose={() => setOpen(null)} />}
      {open === "ship" && <ShipDialog preselected={[]} onClose={() => setOpen(null)} />}
    </div>
  );
}
