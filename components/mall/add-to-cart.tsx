"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { toast } from "@/components/ui/feedback";
import { withBase } from "@/lib/client/base-path";
import { addToCartAction } from "@/lib/mall/cart/actions";
import { CART_ROUTES, MAX_LINE_QUANTITY, parseQuantity, quantityProblem, type CartType } from "@/lib/mall/cart/rules";
import styles from "./add-to-cart.module.css";

type Props = { goodsId: number; minOrderQty: number; stock: number; onSale: boolean; compact?: boolean };

/** Quantity and "Add to cart" for one goods (the goods cards, tables and detail): a plain-HTML
 * island. The reason a quantity cannot be ordered shows as it is typed, and the server's answer
 * after it; a success toast links to the cart. */
export function AddToCart({ goodsId, minOrderQty, stock, onSale, compact }: Props) {
  const t = useTranslations("Cart");
  const router = useRouter();
  const id = useId();
  const min = Math.max(1, minOrderQty);
  const [text, setText] = useState(String(min));
  const [serverError, setServerError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ quantity: number; type: CartType } | null>(null);
  const [pending, start] = useTransition();

  const quantity = parseQuantity(text);
  const problem = quantityProblem(quantity, { minOrderQty: min, stock, onSale });
  const blocked = !onSale || stock <= 0;
  const reason = problem ? t(`errors.${problem.key}`, problem.values) : serverError;

  const set = (v: string) => {
    setText(v);
    setServerError(null);
  };
  const bump = (d: number) => set(String(Math.min(MAX_LINE_QUANTITY, Math.max(min, (Number.isFinite(quantity) ? quantity : min) + d))));

  const goToCart = (type: CartType) => router.push(CART_ROUTES[type]);
  const submit = () => {
    if (problem || pending) return;
    start(async () => {
      const res = await addToCartAction({ goodsId, quantity });
      if (!res.ok) {
        setServerError(res.fieldErrors?.quantity ?? res.message);
        return;
      }
      const { type, line } = res.data;
      setAdded({ quantity: line.quantity, type });
      toast(
        "success",
        <span data-testid="cart-added-toast">
          {t("add.added")}{" "}
          <a
            className={styles.link}
            href={withBase(CART_ROUTES[type])}
            onClick={(e) => {
              e.preventDefault();
              goToCart(type);
            }}
          >
            {t("add.viewCart")}
          </a>
        </span>,
      );
    });
  };

  return (
    <div className={`${styles.root} ${compact ? styles.compact : ""}`} data-testid="add-to-cart">
      <div className={styles.row}>
        <div className={styles.stepper} data-invalid={problem && !blocked ? "" : undefined}>
          <button type="button" className={styles.step} aria-label={t("add.decrease")} disabled={blocked || pending || !(quantity > min)} onClick={() => bump(-1)}>
            −
          </button>
          <input
            id={id}
            className={styles.input}
            inputMode="numeric"
            aria-label={t("fields.quantity")}
            aria-invalid={!!reason}
            aria-describedby={reason ? `${id}-reason` : undefined}
            value={text}
            disabled={blocked || pending}
            maxLength={6}
            onChange={(e) => set(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") submit();
            }}
            data-testid="add-to-cart-quantity"
          />
          <button
            type="button"
            className={styles.step}
            aria-label={t("add.increase")}
            disabled={blocked || pending || !(quantity < Math.min(stock, MAX_LINE_QUANTITY))}
            onClick={() => bump(1)}
          >
            +
          </button>
        </div>
        <button type="button" className={styles.button} disabled={!!problem || pending} onClick={submit} data-testid="add-to-cart-button">
          {pending ? t("add.adding") : t("add.button")}
        </button>
      </div>
      {reason ? (
        <p id={`${id}-reason`} className={styles.reason} role="alert" data-testid="add-to-cart-reason">
          {reason}
        </p>
      ) : added ? (
        <p className={styles.done} role="status">
          {t("add.inCart", { quantity: added.quantity })}{" "}
          <a className={styles.link} href={withBase(CART_ROUTES[added.type])} onClick={(e) => (e.preventDefault(), goToCart(added.type))}>
            {t("add.viewCart")}
          </a>
        </p>
      ) : null}
    </div>
  );
}
