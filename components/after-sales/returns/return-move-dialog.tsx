"use client";

import { Form, Input, Modal, Select } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { completeReturnAction, rejectReturnAction } from "@/lib/after-sales/returns/actions";
import { actionFailed, toast } from "@/components/ui/feedback";
import { dictOptions, itemLabel, type DictItemView } from "@/lib/dict/items";

// Staff's reject (a reason) and complete (the deal type carried out, the requested one first)
// forms, on a return's detail and on its batch's log. Loaded on demand; the server validates
// again and its messages land on the fields.

export type MoveTarget = { id: number; returnNo: string; dealType: string };
type Values = { reason?: string; dealTypeDone?: string };

export function ReturnMoveDialog({
  move,
  target,
  dealTypes,
  onClose,
}: {
  move: "reject" | "complete";
  target: MoveTarget;
  dealTypes: DictItemView[];
  onClose: (done: boolean) => void;
}) {
  const t = useTranslations("SalesReturns");
  const tv = useTranslations("Validation");
  const tc = useTranslations("Common");
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const requested = dealTypes.some((d) => d.value === target.dealType) ? target.dealType : undefined;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const res =
        move === "reject" ? await rejectReturnAction({ id: target.id, reason: v.reason ?? "" }) : await completeReturnAction({ id: target.id, dealTypeDone: v.dealTypeDone ?? "" });
      if (!res.ok) {
        const fields = Object.entries(res.fieldErrors ?? {}).filter(([k]) => k === "reason" || k === "dealTypeDone");
        if (fields.length) form.setFields(fields.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
        else actionFailed(res);
        return;
      }
      toast("success", t(`actions.done.${move}`));
      onClose(true);
    } catch {
      toast("error", tc("networkError"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(move === "reject" ? "actions.rejectTitle" : "actions.completeTitle", { returnNo: target.returnNo })}
      okText={t(`actions.${move}`)}
      cancelText={t("actions.close")}
      okButtonProps={{ danger: move === "reject", loading: busy, "data-testid": "sales-return-dialog-ok" } as never}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark initialValues={move === "complete" ? { dealTypeDone: requested } : {}} data-testid="sales-return-dialog">
        {move === "reject" ? (
          <Form.Item name="reason" label={t("fields.reason")} rules={[{ required: true, whitespace: true, message: tv("required", { label: t("fields.reason") }) }]}>
            <Input.TextArea maxLength={500} showCount rows={4} data-testid="sales-return-reason" />
          </Form.Item>
        ) : (
          <Form.Item
            name="dealTypeDone"
            label={t("fields.dealTypeDone")}
            extra={t("actions.completeHint", { dealType: itemLabel(dealTypes, target.dealType, locale) })}
            rules={[{ required: true, message: tv("select", { label: t("fields.dealTypeDone") }) }]}
          >
            <Select options={dictOptions(dealTypes, locale)} data-testid="sales-return-deal-type-done" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
