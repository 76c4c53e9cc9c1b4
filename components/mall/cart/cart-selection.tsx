"use client";

import { useLocale, useTranslations } from "next-intl";
import { createContext, useContext, useMemo, useState, useTransition, type ReactNode } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { clearCartAction, removeCartLinesAction } from "@/lib/mall/cart/actions";
import { sumMoney, type CartType } from "@/lib/mall/cart/rules";
import type { DictItemView } from "@/lib/dict/items";
import type { SubmitOrderProps } from "@/components/mall/submit-order/types";
import styles from "./cart.module.css";

// The cart's selection island: the checkboxes, the bulk delete and clear (each after
// confirmation), the selected lines' totals (decimal strings, summed in cents) and "Submit
// order", whose form loads only when it opens. The table between them is server-rendered.

const loadDialog = () => import("@/components/mall/submit-order/submit-order-dialog").then((m) => m.SubmitOrderDialog);
const SubmitOrderDialog = antdDynamic<SubmitOrderProps>(loadDialog);

export type SelectableLine = { id: number; name: string; quantity: number; subtotal: string; flagged: boolean };

type Selection = { has: (id: number) => boolean; toggle: (id: number) => void; all: boolean; some: boolean; toggleAll: () => void; busy: boolean };
const Ctx = createContext<Selection | null>(null);
const useSelection = () => useContext(Ctx)!;

export function CartSelection(props: {
  type: CartType;
  lines: SelectableLine[];
  canUpdate: boolean;
  canSubmit: boolean;
  dicts: { deliveryWay: DictItemView[]; carrierType: DictItemView[] };
  children: ReactNode;
}) {
  const { type, lines, canUpdate, canSubmit, dicts, children } = props;
  const t = useTranslations("Cart.page");
  const locale = useLocale() as Locale;
  // Orderable lines start selected; lines that left the cart leave the selection.
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set(lines.filter((l) => !l.flagged).map((l) => l.id)));
  const [open, setOpen] = useState(false);
  const [busy, start] = useTransition();
  const chosen = useMemo(() => lines.filter((l) => picked.has(l.id)), [lines, picked]);

  const selection: Selection = {
    has: (id) => picked.has(id),
    toggle: (id) =>
      setPicked((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      }),
    all: lines.length > 0 && chosen.length === lines.length,
    some: chosen.length > 0 && chosen.length < lines.length,
    toggleAll: () => setPicked(chosen.length === lines.length ? new Set() : new Set(lines.map((l) => l.id))),
    busy,
  };

  const quantity = chosen.reduce((s, l) => s + l.quantity, 0);
  const amount = sumMoney(chosen.map((l) => l.subtotal));
  const flagged = chosen.filter((l) => l.flagged);
  const blocked = !canSubmit
    ? t("noPermission")
    : chosen.length === 0
      ? t("noneSelected")
      : flagged.length
        ? t("flaggedSelected", { names: flagged.map((l) => l.name).join(locale === "zh-CN" ? "、" : ", ") })
        : null;

  const remove = async () => {
    const ids = chosen.map((l) => l.id);
    const names = chosen.map((l) => l.name).join(locale === "zh-CN" ? "、" : ", ");
    if (!(await confirmDialog({ title: t("confirmDelete", { count: ids.length }), content: names, okText: t("delete"), danger: true }))) return;
    start(async () => {
      const res = await removeCartLinesAction({ ids });
      if (!res.ok) return void actionFailed(res);
      toast("success", t("deleted", { count: res.data.deleted }));
      setPicked((s) => new Set([...s].filter((id) => !ids.includes(id))));
    });
  };
  const clear = async () => {
    if (!(await confirmDialog({ title: t("confirmClear"), content: t("confirmClearContent", { count: lines.length }), okText: t("clear"), danger: true }))) return;
    start(async () => {
      const res = await clearCartAction({ type });
      if (!res.ok) return void actionFailed(res);
      toast("success", t("cleared"));
      setPicked(new Set());
    });
  };

  return (
    <Ctx.Provider value={selection}>
      <div className={styles.toolbar}>
        <span className={styles.muted} data-testid="cart-selected">
          {t("selected", { count: chosen.length })}
        </span>
        <span className={styles.toolbarSpacer} />
        {canUpdate && (
          <>
            <button
              type="button"
              className={`${styles.button} ${styles.danger}`}
              disabled={busy || chosen.length === 0}
              onClick={() => void remove()}
              data-testid="cart-delete-selected"
            >
              {t("deleteSelected")}
            </button>
            <button type="button" className={`${styles.button} ${styles.danger}`} disabled={busy || lines.length === 0} onClick={() => void clear()} data-testid="cart-clear">
              {t("clear")}
            </button>
          </>
        )}
      </div>
      {children}
      <div className={styles.footer} data-testid="cart-footer">
        <span className={styles.total} data-testid="cart-total-quantity">
          {t("totalQuantity", { quantity })}
        </span>
        <span className={styles.total}>
          {t("totalAmount")}{" "}
          <span className={styles.amount} data-testid="cart-total-amount">
            {formatMoney(amount, locale)}
          </span>
        </span>
        <span className={styles.toolbarSpacer} />
        {blocked && (
          <span className={styles.blocked} role="status" data-testid="cart-submit-blocked">
            {blocked}
          </span>
        )}
        <button
          type="button"
          className={styles.primary}
          disabled={!!blocked || busy}
          onMouseEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={() => setOpen(true)}
          data-testid="cart-submit"
        >
          {t("submit")}
        </button>
      </div>
      {open && <SubmitOrderDialog type={type} lines={chosen} dicts={dicts} onClose={() => setOpen(false)} />}
    </Ctx.Provider>
  );
}

/** The header's "select all" box. */
export function SelectAllBox() {
  const s = useSelection();
  const t = useTranslations("Cart.page");
  return (
    <input
      type="checkbox"
      className={styles.checkbox}
      aria-label={t("selectAll")}
      checked={s.all}
      ref={(el) => {
        if (el) el.indeterminate = s.some;
      }}
      onChange={s.toggleAll}
      data-testid="cart-select-all"
    />
  );
}

/** One line's box, named by the line's goods name (the cell with id cart-line-<id>). */
export function LineBox({ id }: { id: number }) {
  const s = useSelection();
  return <input type="checkbox" className={styles.checkbox} aria-labelledby={`cart-line-${id}`} checked={s.has(id)} onChange={() => s.toggle(id)} data-testid="cart-line-check" />;
}
