"use client";

import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { updateCartLineAction } from "@/lib/mall/cart/actions";
import { parseQuantity, quantityProblem, type QuantityRules } from "@/lib/mall/cart/rules";
import styles from "./cart.module.css";

// A cart line's quantity and remark, edited in place: checked when the box is left or Enter is
// pressed (Escape restores the saved value), saved by the server, whose refusal shows under the
// box. The page re-renders with the new subtotal and totals when the action revalidates it.

/** Keeps the box in step with the saved value after the page re-renders. */
function useSynced(saved: string) {
  const [text, setText] = useState(saved);
  const [prev, setPrev] = useState(saved);
  if (prev !== saved) {
    setPrev(saved);
    setText(saved);
  }
  return [text, setText] as const;
}

// Each box is named by its column header and its line's goods name (ids set by the table).
export function QuantityCell({ id, quantity, rules, disabled }: { id: number; quantity: number; rules: QuantityRules; disabled: boolean }) {
  const t = useTranslations("Cart");
  const uid = useId();
  const [text, setText] = useSynced(String(quantity));
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const commit = () => {
    const q = parseQuantity(text);
    if (q === quantity) return setError(null);
    const problem = quantityProblem(q, rules);
    if (problem) return setError(t(`errors.${problem.key}`, problem.values));
    setError(null);
    start(async () => {
      const res = await updateCartLineAction({ id, quantity: q });
      if (!res.ok) setError(res.fieldErrors?.quantity ?? res.message);
    });
  };

  return (
    <div className={styles.cellEdit}>
      <input
        className={styles.qty}
        inputMode="numeric"
        maxLength={6}
        aria-labelledby={`cart-col-quantity cart-line-${id}`}
        aria-invalid={!!error}
        aria-describedby={error ? `${uid}-e` : undefined}
        value={text}
        disabled={disabled || pending}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
          if (e.key === "Escape") {
            setText(String(quantity));
            setError(null);
          }
        }}
        data-testid="cart-line-quantity"
      />
      {error ? (
        <p id={`${uid}-e`} className={styles.error} role="alert" data-testid="cart-line-error">
          {error}
        </p>
      ) : pending ? (
        <p className={styles.hint}>{t("page.saving")}</p>
      ) : null}
    </div>
  );
}

export function RemarkCell({ id, remark, disabled }: { id: number; remark: string | null; disabled: boolean }) {
  const t = useTranslations("Cart");
  const [text, setText] = useSynced(remark ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const commit = () => {
    if (text.trim() === (remark ?? "")) return setError(null);
    start(async () => {
      const res = await updateCartLineAction({ id, remark: text });
      setError(res.ok ? null : (res.fieldErrors?.remark ?? res.message));
    });
  };

  return (
    <div className={styles.cellEdit}>
      <input
        className={styles.remark}
        maxLength={200}
        placeholder={disabled ? undefined : t("page.remarkPlaceholder")}
        aria-labelledby={`cart-col-remark cart-line-${id}`}
        aria-invalid={!!error}
        value={text}
        disabled={disabled || pending}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
          if (e.key === "Escape") setText(remark ?? "");
        }}
        data-testid="cart-line-remark"
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
