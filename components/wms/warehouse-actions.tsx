"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import own from "@/components/ui/row-actions.module.css";
import { deleteLocationAction, deleteWarehouseAction, setDefaultWarehouseAction, setLocationEnabledAction, setWarehouseEnabledAction } from "@/lib/wms/warehouses/actions";
import type { WarehouseTypeValue } from "@/lib/wms/warehouses/options";
import type { LocationValues, WarehouseValues } from "./warehouse-drawers";

// The warehouse screen's islands: create a warehouse, and per warehouse edit, make default,
// enable/disable and delete; per location the same less the default. The drawers (antd Drawer
// and Form, fields generated from the schemas) are ./warehouse-drawers.tsx, loaded on the first
// opening (pointing at a button fetches them early). The services refuse what the rules forbid
// (a default or stocked warehouse disabled, a used one deleted) with a translated message.

const loadWarehouseDrawer = () => import("./warehouse-drawers").then((m) => m.WarehouseDrawer);
const loadLocationDrawer = () => import("./warehouse-drawers").then((m) => m.LocationDrawer);
const WarehouseDrawer = antdDynamic(loadWarehouseDrawer);
const LocationDrawer = antdDynamic(loadLocationDrawer);
const preload = () => void loadWarehouseDrawer();

export type WarehouseView = {
  id: number;
  code: string;
  name: string;
  type: WarehouseTypeValue;
  address: string | null;
  keeper: string | null;
  phone: string | null;
  enabled: boolean;
  isDefault: boolean;
};
export type LocationView = { id: number; code: string; name: string | null; enabled: boolean; onHand: number };

/** A drawer mounted from its first opening on, so it can animate closed. */
function useOpened<V>() {
  const [editing, setEditing] = useState<V | null>(null);
  const [used, setUsed] = useState(false);
  if (editing && !used) setUsed(true);
  return { editing, used, open: (v: V) => setEditing({ ...v }), close: () => setEditing(null) };
}

/** Runs one action, says so and refreshes the screen; a refusal is the action's message. */
function useRun() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const run = (call: () => Promise<{ ok: true } | { ok: false; code: string; message: string }>, done: string) =>
    start(async () => {
      const res = await call();
      if (!res.ok) return void actionFailed(res as Parameters<typeof actionFailed>[0]);
      toast("success", done);
      router.refresh();
    });
  return { pending, run };
}

function useConfirmDelete() {
  const ta = useTranslations("Admin");
  return (name: string) => confirmDialog({ title: ta("confirmDelete", { name }), content: ta("cannotUndo"), danger: true, okText: ta("delete"), cancelText: ta("cancel") });
}

export function WarehouseCreateButton() {
  const t = useTranslations("WmsWarehouses");
  const d = useOpened<WarehouseValues>();
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => d.open({ type: "PARTS" })} onPointerEnter={preload} onFocus={preload} data-testid="warehouse-create">
        {t("create")}
      </button>
      {d.used && <WarehouseDrawer values={d.editing} onClose={d.close} />}
    </>
  );
}

export function WarehouseRowActions({ row, detail = false }: { row: WarehouseView; detail?: boolean }) {
  const t = useTranslations("WmsWarehouses");
  const ta = useTranslations("Admin");
  const router = useRouter();
  const d = useOpened<WarehouseValues>();
  const { pending, run } = useRun();
  const confirmDelete = useConfirmDelete();
  const edit = () => d.open({ id: row.id, code: row.code, name: row.name, type: row.type, address: row.address, keeper: row.keeper, phone: row.phone });
  const remove = async () => {
    if (!(await confirmDelete(`${row.code} ${row.name}`))) return;
    run(
      async () => {
        const res = await deleteWarehouseAction({ id: row.id });
        if (res.ok && detail) router.push("/customerWms/warehouse");
        return res;
      },
      ta("deleted", { count: 1 }),
    );
  };
  return (
    <div className={own.actions} data-testid="warehouse-actions">
      <button type="button" className={own.act} onClick={edit} onPointerEnter={preload} onFocus={preload} data-testid="warehouse-edit">
        {ta("edit")}
      </button>
      {!row.isDefault && row.enabled && (
        <button
          type="button"
          className={own.act}
          disabled={pending}
          onClick={() => run(() => setDefaultWarehouseAction({ id: row.id }), t("defaultSet", { code: row.code }))}
          data-testid="warehouse-set-default"
        >
          {t("setDefault")}
        </button>
      )}
      <button
        type="button"
        className={own.act}
        disabled={pending}
        onClick={() => run(() => setWarehouseEnabledAction({ id: row.id, enabled: !row.enabled }), t(row.enabled ? "disabledChanged" : "enabledChanged", { code: row.code }))}
        data-testid={row.enabled ? "warehouse-disable" : "warehouse-enable"}
      >
        {t(row.enabled ? "disable" : "enable")}
      </button>
      {!row.isDefault && (
        <button type="button" className={`${own.act} ${own.danger}`} disabled={pending} onClick={() => void remove()} data-testid="warehouse-delete">
          {ta("delete")}
        </button>
      )}
      {d.used && <WarehouseDrawer values={d.editing} onClose={d.close} />}
    </div>
  );
}

export function LocationCreateButton({ warehouse }: { warehouse: { id: number; code: string } }) {
  const t = useTranslations("WmsWarehouses");
  const d = useOpened<LocationValues>();
  const pre = () => void loadLocationDrawer();
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => d.open({ warehouseId: warehouse.id })} onPointerEnter={pre} onFocus={pre} data-testid="location-create">
        {t("createLocation")}
      </button>
      {d.used && <LocationDrawer values={d.editing} warehouse={warehouse.code} onClose={d.close} />}
    </>
  );
}

export function LocationRowActions({ warehouse, row }: { warehouse: { id: number; code: string }; row: LocationView }) {
  const t = useTranslations("WmsWarehouses");
  const ta = useTranslations("Admin");
  const d = useOpened<LocationValues>();
  const { pending, run } = useRun();
  const confirmDelete = useConfirmDelete();
  const pre = () => void loadLocationDrawer();
  const remove = async () => {
    if (await confirmDelete(row.code)) run(() => deleteLocationAction({ id: row.id }), ta("deleted", { count: 1 }));
  };
  return (
    <div className={own.actions}>
      <button
        type="button"
        className={own.act}
        onClick={() => d.open({ id: row.id, warehouseId: warehouse.id, code: row.code, name: row.name })}
        onPointerEnter={pre}
        onFocus={pre}
        data-testid="location-edit"
      >
        {ta("edit")}
      </button>
      <button
        type="button"
        className={own.act}
        disabled={pending}
        onClick={() => run(() => setLocationEnabledAction({ id: row.id, enabled: !row.enabled }), t(row.enabled ? "disabledChanged" : "enabledChanged", { code: row.code }))}
        data-testid={row.enabled ? "location-disable" : "location-enable"}
      >
        {t(row.enabled ? "disable" : "enable")}
      </button>
      <button type="button" className={`${own.act} ${own.danger}`} disabled={pending} onClick={() => void remove()} data-testid="location-delete">
        {ta("delete")}
      </button>
      {d.used && <LocationDrawer values={d.editing} warehouse={warehouse.code} onClose={d.close} />}
    </div>
  );
}
