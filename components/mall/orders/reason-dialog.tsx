"use client";

import { Form, Input, Modal } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { cancelOrderAction, rejectOrderAction } from "@/lib/mall/orders/actions";
import type { DialogProps } from "./order-action-bar";
import { settle, showFailure } from "./dialog-result";

// Reject (reason required) or cancel (reason optional) after confirmation: the dialog itself
// is the confirmation step.
export function ReasonDialog({ order, mode, onClose, onDone }: DialogProps) {
  const t = useTranslations("OrderActions");
  const tc = useTranslations("Common");
  const [form] = Form.useForm<{ reason?: string }>();
  const [saving, setSaving] = useState(false);
  const reject = mode === "reject";
  const label = reject ? t("fields.reason") : t("fields.cancelReason");

  const submit = async () => {
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      const res = await settle(
        reject ? rejectOrderAction({ id: order.id, reason: reason ?? "" }) : cancelOrderAction({ id: order.id, reason: reason || undefined }),
        tc("networkError"),
      );
      if (res.ok) onDone();
      else showFailure(form, res, { reason: "reason" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(reject ? "ask.reject" : "ask.cancel", { orderNo: order.orderNo })}
      okText={t(reject ? "reject" : "cancel")}
      cancelText={t("no")}
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t(reject ? "ask.rejectText" : "ask.cancelText")}</p>
      <Form form={form} layout="vertical" requiredMark={reject}>
        <Form.Item name="reason" label={label} rules={reject ? [{ required: true, whitespace: true, message: t("required", { label: t("fields.reason") }) }] : []}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
