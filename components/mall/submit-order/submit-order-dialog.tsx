"use client";

import { Alert, Form, Input, Modal, Select, Skeleton } from "antd";
import "@/components/providers/antd-css";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/feedback";
import { withBase } from "@/lib/client/base-path";
import { dictOptions } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { PHONE_RE } from "@/lib/mall/addresses/schemas";
import { ORDER_ROUTES, sumMoney } from "@/lib/mall/cart/rules";
import { submitOrderAction } from "@/lib/mall/orders/actions";
import type { SubmitOrderProps } from "./types";
import styles from "./submit-order.module.css";

// The submit-order form, loaded when the cart opens it. The idempotency key is made once when
// the form opens and sent with every try, so a double click or a retry after a lost answer makes
// one order. Field errors land on their fields; a refusal about the goods (stock, sale) shows
// on top and the cart behind is refreshed.

type Address = { id: number; receiver: string; phone: string; address: string; isDefault: boolean; area: { nameEn: string; nameZh: string }[] };
type Values = { phone: string; deliveryWay?: string; addressId?: number; carrierType?: string; secondaryDestination?: string; remark?: string };
const FIELDS = ["phone", "deliveryWay", "addressId", "carrierType", "secondaryDestination", "remark"] as const;

/** crypto.randomUUID exists only in secure contexts; the fallback serves plain-HTTP intranets. */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

export function SubmitOrderDialog({ type, lines, dicts, onClose }: SubmitOrderProps) {
  const t = useTranslations("Cart.submit");
  const tv = useTranslations("Validation");
  const tc = useTranslations("Common");
  const locale = useLocale() as Locale;
  const zh = locale === "zh-CN";
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [key] = useState(newKey);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(withBase("/api/v1/addresses"), { headers: { Accept: "application/json" } })
      .then(async (r) => {
        const body = (await r.json()) as { items?: Address[]; message?: string };
        if (!r.ok || !body.items) throw new Error(body.message ?? tc("networkError"));
        if (!live) return;
        setAddresses(body.items);
      })
      .catch((e: unknown) => live && setLoadError(e instanceof Error && e.message !== "Failed to fetch" ? e.message : tc("networkError")));
    return () => {
      live = false;
    };
  }, [tc]);

  const addressText = (a: Address) => `${a.receiver} ${a.phone} · ${a.area.map((x) => (zh ? x.nameZh : x.nameEn)).join(zh ? "" : " / ")} ${a.address}`;
  // The default address first (the address book lists it first); the phone follows the chosen
  // address unless the person typed another one.
  const initial = addresses?.find((a) => a.isDefault) ?? addresses?.[0];
  const chosen = useRef<Address | undefined>(undefined);
  const onAddress = (id: number) => {
    const prev = chosen.current ?? initial;
    const next = addresses?.find((a) => a.id === id);
    const phone = form.getFieldValue("phone") as string | undefined;
    if (next && (!phone || phone === prev?.phone)) form.setFieldValue("phone", next.phone);
    chosen.current = next;
  };

  const submit = async () => {
    if (pending) return;
    const values = await form.validateFields();
    setPending(true);
    setFailure(null);
    try {
      const res = await submitOrderAction({ ...values, type, cartLineIds: lines.map((l) => l.id), idempotencyKey: key });
      if (res.ok) {
        toast("success", t("submitted", { orderNo: res.data.orderNo }));
        onClose();
        router.push(`${ORDER_ROUTES[type]}?id=${res.data.id}`);
        return;
      }
      const placed = Object.entries(res.fieldErrors ?? {}).filter(([f]) => (FIELDS as readonly string[]).includes(f));
      if (placed.length) form.setFields(placed.map(([name, message]) => ({ name: name as keyof Values, errors: [message] })));
      else {
        // About the goods (stock, sale, minimum) or the lines: the cart shows them as they are now.
        setFailure(t("conflict", { message: res.message }));
        router.refresh();
      }
    } catch {
      // The answer was lost: the same key may be sent again safely.
      setFailure(tc("networkError"));
    } finally {
      setPending(false);
    }
  };

  const required = (label: string, select = false) => ({ required: true, whitespace: true, message: tv(select ? "select" : "required", { label }) });
  const quantity = lines.reduce((s, l) => s + l.quantity, 0);
  const blocked = addresses !== null && addresses.length === 0;

  return (
    <Modal
      open
      width={720}
      title={t(type === "VEHICLE" ? "vehicleTitle" : "partsTitle")}
      okText={pending ? t("submitting") : t("submit")}
      cancelText={t("cancel")}
      okButtonProps={{ loading: pending, disabled: blocked || !!loadError || addresses === null, "data-testid": "submit-order-ok" }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => !pending && onClose()}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <div data-testid="submit-order-dialog">
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} data-testid="submit-order-failure" />}
        <div className={styles.scroll}>
          <table className={styles.lines}>
            <thead>
              <tr>
                <th>{t("goods")}</th>
                <th className={styles.num}>{t("quantity")}</th>
                <th className={styles.num}>{t("subtotal")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.id} data-testid="submit-order-line">
                  <td>{l.name}</td>
                  <td className={styles.num}>{l.quantity}</td>
                  <td className={styles.num}>{formatMoney(l.subtotal, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className={styles.totals}>
          <span>
            {t("totalQuantity")}: <b data-testid="submit-order-quantity">{quantity}</b>
          </span>
          <span>
            {t("totalPrice")}:{" "}
            <span className={styles.amount} data-testid="submit-order-amount">
              {formatMoney(sumMoney(lines.map((l) => l.subtotal)), locale)}
            </span>
          </span>
        </div>
        {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} />}
        {addresses === null && !loadError ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Form form={form} layout="vertical" disabled={pending} initialValues={{ deliveryWay: dicts.deliveryWay[0]?.value, addressId: initial?.id, phone: initial?.phone }}>
            <div className={styles.grid}>
              <Form.Item
                className={styles.full}
                name="addressId"
                label={t("address")}
                rules={[{ required: true, message: tv("select", { label: t("address") }) }]}
                extra={
                  blocked ? (
                    <span data-testid="submit-order-no-address">
                      {t("noAddress")} <Link href="/onlineMall/adress">{t("addAddress")}</Link>
                    </span>
                  ) : undefined
                }
              >
                <Select
                  placeholder={t("choose")}
                  onChange={onAddress}
                  options={(addresses ?? []).map((a) => ({
                    value: a.id,
                    label: (
                      <span className={styles.address}>
                        {addressText(a)}
                        {a.isDefault && <span className={styles.tag}>{t("defaultAddress")}</span>}
                      </span>
                    ),
                  }))}
                  data-testid="submit-order-address"
                />
              </Form.Item>
              <Form.Item name="phone" label={t("phone")} rules={[required(t("phone")), { pattern: PHONE_RE, message: tv("phone", { label: t("phone") }) }]}>
                <Input maxLength={20} inputMode="tel" data-testid="submit-order-phone" />
              </Form.Item>
              <Form.Item name="deliveryWay" label={t("deliveryWay")} rules={[required(t("deliveryWay"), true)]}>
                <Select placeholder={t("choose")} options={dictOptions(dicts.deliveryWay, locale)} data-testid="submit-order-delivery" />
              </Form.Item>
              <Form.Item name="carrierType" label={t("carrierType")}>
                <Select allowClear placeholder={t("choose")} options={dictOptions(dicts.carrierType, locale)} data-testid="submit-order-carrier" />
              </Form.Item>
              <Form.Item name="secondaryDestination" label={t("secondaryDestination")}>
                <Input maxLength={200} data-testid="submit-order-secondary" />
              </Form.Item>
              <Form.Item className={styles.full} name="remark" label={t("remark")}>
                <Input.TextArea rows={2} maxLength={500} showCount data-testid="submit-order-remark" />
              </Form.Item>
            </div>
          </Form>
        )}
      </div>
    </Modal>
  );
}
