"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, useTransition } from "react";
import { GoodsScanInput } from "@/components/scan/goods-scan-input";
import { addScanned, plusOne } from "@/components/scan/scan-logic";
import { actionFailed, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { CounterMember } from "@/lib/members/counter";
import { counterSaleAction, lookupMemberAction, lookupSaleGoodsAction } from "@/lib/wms/pos/actions";
import type { SaleLookup } from "@/lib/wms/pos/queries";
import own from "./pos.module.css";
import rows from "@/components/ui/row-actions.module.css";

// The counter sale (customerWms/pointOfSale?sell): pick the outlet, add lines by goods code (the
// scan input, components/scan: typed, a scanner acting as a keyboard that types the code and
// Enter, or the camera; a code already on a line adds one to it here, another is looked up at
// the outlet), where each line is taken from (the server suggests first in, first out), the
// price (the goods' price, editable), payment and customer.
// Confirming posts the delivery at once (lib/wms/pos/service.ts) and opens its receipt. The
// total here is shown in integer cents; the server sums the amount again in decimals.
// A member (issue 21) is found by the exact phone (masked answer); the tier's discount and the
// points redeemed are shown off the total here and applied again by the server.

const ROUTE = "/customerWms/pointOfSale";

type Line = { key: number; goods: SaleLookup["goods"]; locations: SaleLookup["locations"]; fromLocationId: number; quantity: string; price: string };
type Outlet = { id: number; code: string; name: string };

/** "19.9" → 1990 cents; null when not an amount with at most two decimals. */
function cents(price: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(price.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : null;
}
const centsText = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
/** A decimal text as an integer of 1/10^places ("2.5", 2 → 250). */
const scaled = (v: string, places: number) => Math.round(Number(v) * 10 ** places);

export function PosSale({ outlets, posId: initial, payments }: { outlets: Outlet[]; posId: number | null; payments: DictItemView[] }) {
  const t = useTranslations("WmsPos");
  const tScan = useTranslations("Scan");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [posId, setPosId] = useState<number | null>(initial);
  const [lines, setLines] = useState<Line[]>([]);
  const [scanMessage, setScanMessage] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  const [payment, setPayment] = useState(payments[0]?.value ?? "");
  const [customerName, setCustomerName] = useState("");
  const [customerPhone, setCustomerPhone] = useState("");
  const [memberPhone, setMemberPhone] = useState("");
  const [member, setMember] = useState<CounterMember | null>(null);
  const [redeem, setRedeem] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, start] = useTransition();
  const nextKey = useRef(1);
  // The lines as the latest scan left them: scans arrive faster than React renders.
  const linesNow = useRef(lines);
  useEffect(() => {
    linesNow.current = lines;
  }, [lines]);

  /** One more of goods on a line, or a new line (quantity 1) taken from the first suggested location. */
  const put = (goods: Line["goods"], locations: Line["locations"] | null) => {
    const r = addScanned(linesNow.current, {
      holds: (l) => l.goods.id === goods.id,
      isEmpty: () => false,
      bump: (l) => ({ ...l, quantity: String(plusOne(l.quantity)), locations: locations ?? l.locations }),
      fill: () => ({ key: nextKey.current++, goods, locations: locations!, fromLocationId: locations![0].id, quantity: "1", price: goods.price }),
    });
    linesNow.current = r.lines;
    setLines(r.lines);
    setScanMessage({ kind: "info", text: tScan("added", { code: goods.code, quantity: r.lines[r.index].quantity }) });
  };

  const add = (code: string) => {
    if (!posId) return;
    // A code already on a line needs no lookup: one more of it (the server checks the stock on confirming).
    const held = linesNow.current.find((l) => l.goods.code === code);
    if (held) return put(held.goods, null);
    start(async () => {
      const res = await lookupSaleGoodsAction({ posId, code });
      if (!res.ok) {
        // Unknown goods, a vehicle, none in stock: the message names the code; the lines stay.
        if (res.fieldErrors) setScanMessage({ kind: "error", text: res.fieldErrors.code ?? Object.values(res.fieldErrors)[0] });
        else actionFailed(res);
        return;
      }
      put(res.data.goods, res.data.locations);
    });
  };

  const change = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const total = lines.reduce<number | null>((sum, l) => {
    const c = cents(l.price);
    const q = Number(l.quantity);
    return sum === null || c === null || !Number.isInteger(q) ? null : sum + c * q;
  }, 0);

  // What the member's tier and points take off, in cents (the server applies the same in decimals).
  const discount = member && total !== null ? Math.round((total * scaled(member.tier?.discountPct ?? "0", 2)) / 10000) : 0;
  const points = /^\d+$/.test(redeem.trim()) ? Number(redeem.trim()) : 0;
  const pointValue = member ? scaled(member.redeemValue, 4) : 0;
  const redeemed = member ? Math.round((points * pointValue) / 100) : 0;
  const maxPoints = member && total !== null && pointValue > 0 ? Math.min(member.balance, Math.floor(((total - discount) * 100) / pointValue)) : 0;
  const toPay = total === null ? null : total - discount - redeemed;

  const findMember = () =>
    start(async () => {
      const res = await lookupMemberAction({ phone: memberPhone });
      if (!res.ok) {
        setMember(null);
        if (res.fieldErrors) setErrors({ memberPhone: res.fieldErrors.phone ?? res.fieldErrors.memberPhone ?? Object.values(res.fieldErrors)[0] });
        else actionFailed(res);
        return;
      }
      setErrors({});
      setMember(res.data);
    });
  const clearMember = () => {
    setMember(null);
    setMemberPhone("");
    setRedeem("");
  };

  const confirm = () =>
    start(async () => {
      if (!posId) return;
      const res = await counterSaleAction({
        posId,
        paymentMethod: payment,
        customerName,
        customerPhone,
        remark: null,
        memberPhone: member ? memberPhone : null,
        redeemPoints: member ? redeem : 0,
        lines: lines.map((l) => ({ goodsId: l.goods.id, quantity: Number(l.quantity), price: l.price, fromLocationId: l.fromLocationId })),
      });
      if (!res.ok) {
        if (res.fieldErrors) setErrors(res.fieldErrors);
        else actionFailed(res);
        return;
      }
      toast("success", t("counter.done", { docNo: res.data.docNo }));
      router.push(`${ROUTE}?receipt=${res.data.id}`);
    });

  const err = (field: string) =>
    errors[field] ? (
      <span className={own.error} role="alert" data-testid={`pos-error-${field}`}>
        {errors[field]}
      </span>
    ) : null;

  if (!outlets.length) return <p className={styles.muted}>{t("counter.noOutlets")}</p>;

  return (
    <div className={own.sale} data-testid="pos-sale">
      <div className={styles.filters}>
        <label className={styles.field}>
          {t("fields.posId")}
          <select
            className={styles.input}
            value={posId ?? ""}
            onChange={(e) => {
              setPosId(Number(e.target.value));
              setLines([]); // another outlet sells from another warehouse
              linesNow.current = [];
              setErrors({});
              setScanMessage(null);
            }}
            data-testid="pos-outlet"
          >
            {outlets.map((o) => (
              <option key={o.id} value={o.id}>
                {o.code} {o.name}
              </option>
            ))}
          </select>
          {err("posId")}
        </label>
      </div>
      <GoodsScanInput onCode={add} message={scanMessage} disabled={!posId} testId="pos-code" autoFocus />

      {lines.length === 0 ? (
        <p className={styles.muted} data-testid="pos-no-lines">
          {t("counter.noLines")}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="pos-lines">
            <thead>
              <tr>
                <th>{t("fields.goodsId")}</th>
                <th>{t("fields.fromLocationId")}</th>
                <th>{t("fields.quantity")}</th>
                <th>{t("fields.price")}</th>
                <th className={`dp-wide ${styles.num}`}>{t("fields.lineTotal")}</th>
                <th>
                  <span className="dp-visually-hidden">{t("counter.remove")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => {
                const c = cents(l.price);
                const q = Number(l.quantity);
                return (
                  <tr key={l.key} data-testid="pos-line">
                    <td>
                      <div className={styles.nowrap}>{l.goods.code}</div>
                      <div className={styles.muted}>{locale === "zh-CN" ? l.goods.nameZh : l.goods.nameEn}</div>
                      {err(`lines.${i}.goodsId`)}
                    </td>
                    <td>
                      <select
                        className={styles.input}
                        value={l.fromLocationId}
                        onChange={(e) => change(l.key, { fromLocationId: Number(e.target.value) })}
                        aria-label={`${t("fields.fromLocationId")} ${i + 1}`}
                        data-testid="pos-line-location"
                      >
                        {l.locations.map((loc) => (
                          <option key={loc.id} value={loc.id}>
                            {t("counter.available", { code: loc.code, available: loc.available })}
                          </option>
                        ))}
                      </select>
                      {err(`lines.${i}.fromLocationId`)}
                    </td>
                    <td>
                      <input
                        className={`${styles.input} ${own.short}`}
                        type="number"
                        min={1}
                        step={1}
                        value={l.quantity}
                        onChange={(e) => change(l.key, { quantity: e.target.value })}
                        aria-label={`${t("fields.quantity")} ${i + 1}`}
                        data-testid="pos-line-quantity"
                      />
                      {err(`lines.${i}.quantity`)}
                    </td>
                    <td>
                      <input
                        className={`${styles.input} ${own.short}`}
                        inputMode="decimal"
                        value={l.price}
                        onChange={(e) => change(l.key, { price: e.target.value })}
                        aria-label={`${t("fields.price")} ${i + 1}`}
                        data-testid="pos-line-price"
                      />
                      {err(`lines.${i}.price`)}
                    </td>
                    <td className={`dp-wide ${styles.num} ${styles.nowrap}`}>{c !== null && Number.isInteger(q) ? formatMoney(centsText(c * q), locale) : "—"}</td>
                    <td>
                      <button
                        type="button"
                        className={rows.act}
                        onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                        aria-label={t("counter.removeLine", { line: i + 1 })}
                      >
                        {t("counter.remove")}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {err("lines")}

      <div className={styles.filters}>
        <label className={styles.field}>
          {t("fields.paymentMethod")}
          <select className={styles.input} value={payment} onChange={(e) => setPayment(e.target.value)} data-testid="pos-payment">
            {payments.map((p) => (
              <option key={p.value} value={p.value}>
                {itemLabel(payments, p.value, locale)}
              </option>
            ))}
          </select>
          {err("paymentMethod")}
        </label>
        <label className={styles.field}>
          {t("fields.customerName")}
          <input className={styles.input} value={customerName} maxLength={50} onChange={(e) => setCustomerName(e.target.value)} data-testid="pos-customer" />
          {err("customerName")}
        </label>
        <label className={styles.field}>
          {t("fields.customerPhone")}
          <input
            className={styles.input}
            value={customerPhone}
            maxLength={20}
            inputMode="tel"
            onChange={(e) => setCustomerPhone(e.target.value)}
            data-testid="pos-customer-phone"
          />
          {err("customerPhone")}
        </label>
      </div>
      <div className={styles.filters} data-testid="pos-member">
        <label className={styles.field}>
          {t("fields.memberPhone")}
          <input
            className={styles.input}
            value={memberPhone}
            maxLength={20}
            inputMode="tel"
            autoComplete="off"
            readOnly={!!member}
            onChange={(e) => setMemberPhone(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), findMember())}
            aria-describedby="pos-member-hint"
            data-testid="pos-member-phone"
          />
          <span id="pos-member-hint" className={own.hint}>
            {t("counter.memberHint")}
          </span>
          {err("memberPhone")}
        </label>
        <div className={styles.buttons}>
          {member ? (
            <button type="button" className={styles.button} onClick={clearMember} data-testid="pos-member-clear">
              {t("counter.memberClear")}
            </button>
          ) : (
            <button type="button" className={styles.button} disabled={pending || !memberPhone.trim()} onClick={findMember} data-testid="pos-member-find">
              {t("counter.memberFind")}
            </button>
          )}
        </div>
        {member && (
          <>
            <div className={styles.field} data-testid="pos-member-card">
              <strong>{t("counter.memberFound", { memberNo: member.memberNo, name: member.name, phone: member.phone })}</strong>
              <span data-testid="pos-member-tier">
                {member.tier
                  ? t("counter.memberTier", { tier: locale === "zh-CN" ? member.tier.nameZh : member.tier.nameEn, discount: Number(member.tier.discountPct) })
                  : t("counter.memberNoTier")}
              </span>
              <span data-testid="pos-member-balance">{t("counter.memberBalance", { balance: member.balance, value: Number(member.redeemValue) })}</span>
            </div>
            <label className={styles.field}>
              {t("fields.redeemPoints")}
              <input
                className={`${styles.input} ${own.short}`}
                type="number"
                min={0}
                max={maxPoints}
                step={1}
                value={redeem}
                onChange={(e) => setRedeem(e.target.value)}
                aria-describedby="pos-points-hint"
                data-testid="pos-redeem-points"
              />
              <span id="pos-points-hint" className={own.hint}>
                {t("counter.pointsHint", { max: maxPoints })}
              </span>
              {err("redeemPoints")}
            </label>
          </>
        )}
      </div>
      <div className={own.totalRow}>
        <span>
          {t("counter.total")}: <strong data-testid="pos-total">{total === null ? "—" : formatMoney(centsText(total), locale)}</strong>
          {member && toPay !== null && (
            <>
              {" · "}
              {t("counter.discount")}: <span data-testid="pos-discount">−{formatMoney(centsText(discount), locale)}</span>
              {" · "}
              {t("counter.redeemValue")}: <span data-testid="pos-redeemed">−{formatMoney(centsText(redeemed), locale)}</span>
              {" · "}
              {t("counter.toPay")}: <strong data-testid="pos-to-pay">{toPay < 0 ? "—" : formatMoney(centsText(toPay), locale)}</strong>
            </>
          )}
        </span>
        <div className={styles.buttons}>
          <Link href={ROUTE} className={styles.button}>
            {t("back")}
          </Link>
          <button type="button" className={styles.buttonPrimary} disabled={pending || !lines.length || !posId} onClick={confirm} data-testid="pos-confirm">
            {t("counter.confirm")}
          </button>
        </div>
      </div>
    </div>
  );
}
