"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import styles from "@/components/ui/record-screen.module.css";
import type { WarehouseOption } from "@/lib/wms/pos/queries";
import type { TOutletSave } from "@/lib/wms/pos/schemas";
import rows from "@/components/ui/row-actions.module.css";

// The outlet list's islands: create, and edit per row. The drawer (antd Drawer and Form, the
// fields generated from the schema) is ./pos-outlet-drawer.tsx, loaded on the first opening
// (pointing at a button fetches it early).

const loadDrawer = () => import("./pos-outlet-drawer").then((m) => m.OutletDrawer);
const OutletDrawer = antdDynamic(loadDrawer);
const preload = () => void loadDrawer();

type Editing = Partial<TOutletSave>;

/** The drawer, mounted from its first opening on so it can animate closed. */
function useDrawer(warehouses: WarehouseOption[]) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [used, setUsed] = useState(false);
  if (editing && !used) setUsed(true);
  const drawer = used ? <OutletDrawer values={editing} warehouses={warehouses} onClose={() => setEditing(null)} /> : null;
  return { open: (v: Editing) => setEditing({ ...v }), drawer };
}

export function OutletCreateButton({ warehouses }: { warehouses: WarehouseOption[] }) {
  const t = useTranslations("WmsPos");
  const { open, drawer } = useDrawer(warehouses);
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => open({ kind: "SHOWROOM", enabled: true, warehouseId: warehouses[0]?.id })}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="pos-create"
      >
        {t("create")}
      </button>
      {drawer}
    </>
  );
}

export function OutletEditButton({ row, warehouses }: { row: TOutletSave; warehouses: WarehouseOption[] }) {
  const t = useTranslations("WmsPos");
  const { open, drawer } = useDrawer(warehouses);
  return (
    <>
      <button type="button" className={rows.act} onClick={() => open(row)} onPointerEnter={preload} onFocus={preload} data-testid="pos-edit">
        {t("edit")}
      </button>
      {drawer}
    </>
  );
}
