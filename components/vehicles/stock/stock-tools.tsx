"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import styles from "@/components/ui/record-screen.module.css";

// car/stock's staff tools: "Add vehicle" and "Import" as plain buttons. The drawer (antd's
// form) and the import dialog load on the first click, or when the button is pointed at, and
// stay mounted afterwards so they can animate closed.

const loadDrawer = () => import("./add-vehicle").then((m) => m.AddVehicleDrawer);
const loadImport = () => import("@/components/admin/import-dialog").then((m) => m.ImportDialog);
const AddVehicleDrawer = antdDynamic(loadDrawer);
const ImportDialog = antdDynamic(loadImport);

export function StockTools({ canAdd, canImport }: { canAdd: boolean; canImport: boolean }) {
  const t = useTranslations("VehicleStock");
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [opened, setOpened] = useState({ drawer: false, import: false });
  return (
    <div className={styles.buttons}>
      {canAdd && (
        <button
          type="button"
          className={styles.buttonPrimary}
          onClick={() => (setOpened((o) => ({ ...o, drawer: true })), setAdding(true))}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          data-testid="add-vehicle"
        >
          + {t("addVehicle")}
        </button>
      )}
      {canImport && (
        <button
          type="button"
          className={styles.button}
          onClick={() => (setOpened((o) => ({ ...o, import: true })), setImporting(true))}
          onPointerEnter={() => void loadImport()}
          onFocus={() => void loadImport()}
          data-testid="import"
        >
          {t("import")}
        </button>
      )}
      {opened.drawer && <AddVehicleDrawer open={adding} onClose={() => setAdding(false)} />}
      {opened.import && <ImportDialog open={importing} onClose={() => setImporting(false)} resource="vehicleStock" title={t("title")} hint={t("importHint")} />}
    </div>
  );
}
