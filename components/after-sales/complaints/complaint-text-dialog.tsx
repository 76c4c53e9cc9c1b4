"use client";

import { Alert, Form, Input, Modal } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { noteComplaintAction, replyComplaintAction } from "@/lib/after-sales/complaints/actions";
import { MAX_REPLY } from "@/lib/after-sales/complaints/schemas";

// Staff's reply (the appeal note: after-sales advice) and the dealer's note on a reply (which
// reopens the complaint). Loaded on demand by the action bar; the server validates again and
// its message lands on the field.

type Field = "appealNote" | "note";

export function ComplaintTextDialog({ move, id, complaintNo, onClose }: { move: "reply" | "note"; id: number; complaintNo: string; onClose: (done: boolean) => void }) {
  const t = useTranslations("Complaints");
  const tv = useTranslations("Validation");
  const [form] = Form.useForm<Record<Field, string>>();
  const [busy, setBusy] = useState(false);
  const field: Field = move === "reply" ? "appealNote" : "note";
  const label = t(`fields.${field}`);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    const res = await (move === "reply" ? replyComplaintAction({ id, appealNote: v.appealNote }) : noteComplaintAction({ id, note: v.note })).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", t("actions.failed"));
    if (!res.ok) {
      const message = res.fieldErrors?.[field];
      if (message) form.setFields([{ name: field, errors: [message] }]);
      else actionFailed(res);
      return;
    }
    toast("success", t(`actions.done.${move}`, { complaintNo }));
    onClose(true);
  };

  return (
    <Modal
      open
      title={t(move === "reply" ? "actions.replyTitle" : "actions.noteTitle", { complaintNo })}
      okText={t(move === "reply" ? "actions.sendReply" : "actions.sendNote")}
      cancelText={t("actions.cancel")}
      okButtonProps={{ loading: busy, "data-testid": "complaint-dialog-ok" } as never}
      onOk={submit}
      onCancel={() => onClose(false)}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
    >
      {move === "note" && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t("actions.noteReopens")} />}
      <Form form={form} layout="vertical" requiredMark onValuesChange={() => form.setFields([{ name: field, errors: [] }])} data-testid="complaint-dialog">
        <Form.Item
          name={field}
          label={label}
          extra={move === "reply" ? t("actions.replyHint") : undefined}
          rules={[{ required: true, whitespace: true, message: tv("required", { label }) }]}
        >
          <Input.TextArea maxLength={MAX_REPLY} showCount rows={5} autoFocus data-testid="complaint-dialog-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
