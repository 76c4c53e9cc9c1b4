"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { useSelection } from "@/components/list/selection";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { deleteAddressesAction, setDefaultAddressAction } from "@/lib/mall/addresses/actions";
import type { TAddressSave } from "@/lib/mall/addresses/schemas";
import type { AreaNode } from "@/lib/mall/addresses/service";
import styles from "@/components/ui/record-screen.module.css";
import own from "@/components/ui/row-actions.module.css";

// The address book's islands: create, and per row edit, set as default and delete; the bulk
// delete of the selected rows. The drawer (antd Drawer and Form, the generated fields, the
// region cascader) is ./address-drawer.tsx, loaded on the first opening (pointing at a button
// fetches it early); deleting asks first with the shared confirmation dialog.

const loadDrawer = () => import("./address-drawer").then((m) => m.AddressDrawer);
const AddressDrawer = antdDynamic(loadDrawer);
const preload = () => void loadDrawer();

export type AddressRowView = { id: number; receiver: string; phone: string; area: AreaNode[]; address: string; isDefault: boolean };
type Editing = Partial<TAddressSave> & { id?: number };

/** The drawer, mounted from its first opening on so it can animate closed. */
function useDrawer(known: AreaNode[]) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [used, setUsed] = useState(false);
  if (editing && !used) setUsed(true);
  const drawer = used ? <AddressDrawer values={editing} known={known} onClose={() => setEditing(null)} /> : null;
  return { open: (v: Editing) => setEditing({ ...v }), drawer };
}

function useRemove() {
  const ta = useTranslations("Admin");
  const router = useRouter();
  return async (ids: number[], name?: string): Promise<boolean> => {
    const ok = await confirmDialog({
      title: name ? ta("confirmDelete", { name }) : ta("confirmBulkDelete", { count: ids.length }),
      content: ta("cannotUndo"),
      danger: true,
      okText: ta("delete"),
      cancelText: ta("cancel"),
    });
    if (!ok) return false;
    const res = await deleteAddressesAction({ ids });
    if (!res.ok) {
      actionFailed(res);
      return false;
    }
    toast("success", ta("deleted", { count: ids.length }));
    router.refresh();
    return true;
  };
}

export function AddressCreateButton({ first, known }: { first: boolean; known: AreaNode[] }) {
  const ta = useTranslations("Admin");
  const { open, drawer } = useDrawer(known);
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => open({ isDefault: first })} onPointerEnter={preload} onFocus={preload} data-testid="create">
        {ta("create")}
      </button>
      {drawer}
    </>
  );
}

export function AddressRowActions({ row, known, can }: { row: AddressRowView; known: AreaNode[]; can: { update: boolean; delete: boolean } }) {
  const t = useTranslations("AddressBook");
  const ta = useTranslations("Admin");
  const router = useRouter();
  const remove = useRemove();
  const [pending, start] = useTransition();
  const { open, drawer } = useDrawer(known);
  const makeDefault = () =>
    start(async () => {
      const res = await setDefaultAddressAction({ id: row.id });
      if (!res.ok) return void actionFailed(res);
      toast("success", t("defaultSet"));
      router.refresh();
    });
  return (
    <div className={own.actions}>
      {can.update && (
        <button
          type="button"
          className={own.act}
          onClick={() => open({ id: row.id, receiver: row.receiver, phone: row.phone, area: row.area.map((a) => a.id), address: row.address, isDefault: row.isDefault })}
          onPointerEnter={preload}
          onFocus={preload}
          data-testid="action-edit"
        >
          {ta("edit")}
        </button>
      )}
      {can.update && !row.isDefault && (
        <button type="button" className={own.act} disabled={pending} onClick={makeDefault} data-testid="action-default">
          {t("setDefault")}
        </button>
      )}
      {can.delete && (
        <button
          type="button"
          className={`${own.act} ${own.danger}`}
          disabled={pending}
          onClick={() => start(async () => void (await remove([row.id], `${row.receiver} ${row.address}`)))}
          data-testid="action-delete"
        >
          {ta("delete")}
        </button>
      )}
      {drawer}
    </div>
  );
}

/** Deletes the selected rows (inside the list's SelectionScope). */
export function AddressBulkDelete() {
  const ta = useTranslations("Admin");
  const { selected, set } = useSelection();
  const remove = useRemove();
  const [pending, start] = useTransition();
  return (
    <button
      type="button"
      className={styles.buttonDanger}
      disabled={!selected.length || pending}
      onClick={() => start(async () => void ((await remove([...selected])) && set([])))}
      data-testid="bulk-delete"
    >
      {ta("bulkDelete", { count: selected.length })}
    </button>
  );
}
