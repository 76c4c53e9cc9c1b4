"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, useState, type ReactNode } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { useSelection } from "@/components/list/selection";
import { useConfirmedSale } from "./goods-sale";
import type { CatalogOption, ModelOption } from "@/lib/mall/catalog/service";
import type { GoodsKind } from "@/lib/generated/prisma/client";
import type { GoodsRow } from "@/lib/mall/goods/resource";
import type { TGoodsSave } from "@/lib/mall/goods/schemas";
import type { UploadRule } from "@/lib/uploads/formats";
import styles from "@/components/ui/record-screen.module.css";
import own from "@/components/ui/row-actions.module.css";

// The goods_bak screens' islands: create, per row edit / put on or take off sale / add to cart,
// and the bulk sale buttons over the selection. The drawer (antd Drawer and Form, the pickers,
// the upload field) is ./goods-drawer.tsx and the cart dialog ./goods-cart-dialog.tsx, each
// loaded on its first opening; pointing at a button fetches the drawer early.

const loadDrawer = () => import("./goods-drawer").then((m) => m.GoodsDrawer);
const GoodsDrawer = antdDynamic(loadDrawer);
const preload = () => void loadDrawer();
const CartDialog = antdDynamic(() => import("./goods-cart-dialog").then((m) => m.GoodsCartDialog));

/** What the staff's form needs (the pickers' choices, the picture rule), once for the page. */
export type GoodsFormSetup = {
  kinds: GoodsKind[];
  groups: CatalogOption[];
  models: ModelOption[];
  imageRule: UploadRule;
  /** Parts screen: the enabled parts categories (purchase plans), labelled in the viewer's language. */
  categories: { value: string; label: string }[];
};
const Setup = createContext<GoodsFormSetup | null>(null);

export function GoodsSetup({ setup, children }: { setup: GoodsFormSetup | null; children: ReactNode }) {
  return <Setup.Provider value={setup}>{children}</Setup.Provider>;
}

type Which = "vehicle" | "parts";
type Editing = Partial<TGoodsSave> & { id?: number };

function useDrawer(which: Which) {
  const setup = useContext(Setup);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [used, setUsed] = useState(false);
  if (editing && !used) setUsed(true);
  const drawer = used && setup ? <GoodsDrawer which={which} setup={setup} values={editing} onClose={() => setEditing(null)} /> : null;
  return { open: (v: Editing) => setEditing({ ...v }), drawer, setup };
}

export function GoodsCreateButton({ which }: { which: Which }) {
  const ta = useTranslations("Admin");
  const { open, drawer, setup } = useDrawer(which);
  return (
    <>
      <button
        type="button"
        className={styles.buttonPrimary}
        onClick={() => open({ kind: setup?.kinds[0], onSale: false, sort: 0, stock: 0, minOrderQty: 1, pictures: [] })}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="create"
      >
        {ta("create")}
      </button>
      {drawer}
    </>
  );
}

const toValues = (r: GoodsRow): Editing => ({
  id: r.id,
  kind: r.kind,
  code: r.code,
  nameEn: r.nameEn,
  nameZh: r.nameZh,
  carGroupId: r.carGroup?.id ?? null,
  vehicleModelId: r.vehicleModel?.id ?? null,
  config: r.config,
  specification: r.specification,
  partsCategory: r.partsCategory,
  price: r.price,
  stock: r.stock,
  stockSeen: r.stock,
  minOrderQty: r.minOrderQty,
  onSale: r.onSale,
  sort: r.sort,
  remark: r.remark,
  pictures: r.pictures,
});

export function GoodsRowActions({ which, row, can }: { which: Which; row: GoodsRow; can: { edit: boolean; sell: boolean; cart: boolean } }) {
  const t = useTranslations("GoodsAdmin");
  const ta = useTranslations("Admin");
  const { open, drawer } = useDrawer(which);
  const { setOnSale, pending } = useConfirmedSale(which);
  const [buying, setBuying] = useState(false);
  const [bought, setBought] = useState(false);
  if (buying && !bought) setBought(true);
  return (
    <div className={own.actions}>
      {can.edit && (
        <button type="button" className={own.act} onClick={() => open(toValues(row))} onPointerEnter={preload} onFocus={preload} data-testid="action-edit">
          {ta("edit")}
        </button>
      )}
      {can.sell && !row.onSale && (
        <button type="button" className={own.act} disabled={pending} onClick={() => setOnSale([row.id], true, row.code)} data-testid="action-onSale">
          {t("actionOnSale")}
        </button>
      )}
      {can.sell && row.onSale && (
        <button type="button" className={`${own.act} ${own.danger}`} disabled={pending} onClick={() => setOnSale([row.id], false, row.code)} data-testid="action-offSale">
          {t("actionOffSale")}
        </button>
      )}
      {can.cart && (
        <button type="button" className={own.act} onClick={() => setBuying(true)} data-testid="action-addToCart">
          {t("addToCart")}
        </button>
      )}
      {drawer}
      {bought && <CartDialog row={row} open={buying} onClose={() => setBuying(false)} />}
    </div>
  );
}

/** Put the selected goods on or take them off sale (inside the list's SelectionScope). */
export function GoodsBulkSale({ which }: { which: Which }) {
  const t = useTranslations("GoodsAdmin");
  const { selected, set } = useSelection();
  const { setOnSale, pending } = useConfirmedSale(which, () => set([]));
  return (
    <>
      <button type="button" className={styles.button} disabled={!selected.length || pending} onClick={() => setOnSale([...selected], true)} data-testid="bulk-on-sale">
        {t("bulkOnSale", { count: selected.length })}
      </button>
      <button type="button" className={styles.button} disabled={!selected.length || pending} onClick={() => setOnSale([...selected], false)} data-testid="bulk-off-sale">
        {t("bulkOffSale", { count: selected.length })}
      </button>
    </>
  );
}
