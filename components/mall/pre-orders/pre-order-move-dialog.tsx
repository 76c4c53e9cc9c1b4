"use client";

import { Form, Input, Modal } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { confirmPreOrderAction, rejectPreOrderAction } from "@/lib/mall/pre-orders/actions";
import { shanghaiToday } from "@/lib/mall/pre-orders/states";

// Staff's confirm (expected delivery day, today or later) and reject (reason) forms. Loaded on
// demand by the action bar; the server validates again and its messages land on the fields.

type Values = { expectedDate?: string; reason?: string };

export function PreOrderMoveDialog({ move, id, preOrderNo, onClose }: { move: "confirm" | "reject"; id: number; preOrderNo: string; onClose: (done: boolean) => void }) {
  const t = useTranslations("PreOrders");
  const tv = useTranslations("Validation");
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const today = shanghaiToday();

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    const res = move === "confirm" ? await confirmPreOrderAction({ id, expectedDate: v.expectedDate ?? "" }) : await rejectPreOrderAction({ id, reason: v.reason ?? "" });
    setBusy(false);
    if (!res.ok) {
      const fields = Object.entries(res.fieldErrors ?? {}).filter(([k]) => k === "expectedDate" || k === "reason");
      if (fields.length) form.setFields(fields.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else actionFailed(res);
      return;
    }
    toast("success", t(`actions.done.${move}`));
    onClose(true);
  };

  return (
    <Modal
      open
      title={t(move === "confirm" ? "actions.confirmTitle" : "actions.rejectTitle", { preOrderNo })}
      okText={t(`actions.${move}`)}
      cancelText={t("actions.close")}
      okButtonProps={{ danger: move === "reject", loading: busy, "data-testid": "pre-order-dialog-ok" } as never}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark initialValues={move === "confirm" ? { expectedDate: today } : {}} data-testid="pre-order-dialog">
        {move === "confirm" ? (
          <Form.Item name="expectedDate" label={t("fields.expectedDate")} rules={[{ required: true, message: tv("required", { label: t("fields.expectedDate") }) }]}>
            <Input type="date" min={today} max="2100-12-31" data-testid="pre-order-expected-date" />
          </Form.Item>
        ) : (
          <Form.Item name="reason" label={t("fields.reason")} rules={[{ required: true, whitespace: true, message: tv("required", { label: t("fields.reason") }) }]}>
            <Input.TextArea maxLength={500} showCount rows={4} data-testid="pre-order-reason" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
