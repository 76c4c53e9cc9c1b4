"use client";

import { Form, Input, Modal, Select } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { dictOptions } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { recordPaymentAction } from "@/lib/mall/orders/actions";
import { MONEY_RE } from "@/lib/mall/orders/schemas";
import type { DialogProps } from "./order-action-bar";
import { settle, showFailure } from "./dialog-result";

// Record a payment against an order (finance): amount as a decimal string, never a float;
// at most what is still unpaid (the service checks again under the order's row lock).
type Values = { amount: string; paidOn: string; method: string; reference?: string; remark?: string };

const cents = (v: string) => {
  const [i, f = ""] = v.split(".");
  return BigInt(i) * 100n + BigInt((f + "00").slice(0, 2));
};
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

export function PaymentDialog({ order, payMethods, onClose, onDone }: DialogProps) {
  const t = useTranslations("OrderActions");
  const tc = useTranslations("Common");
  const locale = useLocale() as Locale;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const max = today();

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await settle(
        recordPaymentAction({ orderId: order.id, amount: v.amount.trim(), paidOn: v.paidOn, method: v.method, reference: v.reference, remark: v.remark }),
        tc("networkError"),
      );
      if (res.ok) onDone();
      else showFailure(form, res, { amount: "amount", paidOn: "paidOn", method: "method", reference: "reference", remark: "remark" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("payTitle", { orderNo: order.orderNo })}
      okText={t("pay")}
      cancelText={t("no")}
      okButtonProps={{ loading: saving }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p data-testid="pay-unpaid">{t("unpaid", { amount: formatMoney(order.unpaid, locale) })}</p>
      <Form form={form} layout="vertical" initialValues={{ paidOn: max, amount: order.unpaid, method: payMethods[0]?.value }} data-testid="pay-form">
        <Form.Item
          name="amount"
          label={t("fields.amount")}
          rules={[
            { required: true, whitespace: true, message: t("required", { label: t("fields.amount") }) },
            {
              validator: (_, value?: string) => {
                const v = (value ?? "").trim();
                if (!v) return Promise.resolve();
                if (!MONEY_RE.test(v) || cents(v) <= 0n) return Promise.reject(new Error(t("moneyFormat")));
                if (cents(v) > cents(order.unpaid)) return Promise.reject(new Error(t("notAbove", { amount: formatMoney(order.unpaid, locale) })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" maxLength={16} prefix={locale === "zh-CN" ? "¥" : "$"} data-testid="pay-amount" />
        </Form.Item>
        <Form.Item name="paidOn" label={t("fields.paidOn")} rules={[{ required: true, message: t("choose", { label: t("fields.paidOn") }) }]}>
          <Input type="date" min="2000-01-01" max={max} data-testid="pay-date" />
        </Form.Item>
        <Form.Item name="method" label={t("fields.method")} rules={[{ required: true, message: t("choose", { label: t("fields.method") }) }]}>
          <Select options={dictOptions(payMethods, locale)} data-testid="pay-method" />
        </Form.Item>
        <Form.Item name="reference" label={t("fields.reference")}>
          <Input maxLength={100} data-testid="pay-reference" />
        </Form.Item>
        <Form.Item name="remark" label={t("fields.remark")}>
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
