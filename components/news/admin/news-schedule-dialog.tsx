"use client";

import { DatePicker, Form, Modal } from "antd";
import "@/components/providers/antd-css";
import type { Dayjs } from "dayjs";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { publishNewsAction } from "@/lib/news/admin-actions";
import { beforeToday, fromMinute, MINUTE, nextHour, toMinute } from "./publish-time";

// "Schedule" / "Reschedule" on a row: pick a later publish time (Beijing time); the server
// checks it is ahead and within the allowed range, and its message lands on the field.

export function NewsScheduleDialog({ id, title, initial, onClose }: { id: number; title: string; initial: string | null; onClose: (done: boolean) => void }) {
  const t = useTranslations("NewsAdmin");
  const tv = useTranslations("Validation");
  const [form] = Form.useForm<{ publishAt: Dayjs | null }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    const res = await publishNewsAction({ id, publishAt: toMinute(v.publishAt) }).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", t("actions.failed"));
    if (!res.ok) {
      if (res.fieldErrors?.publishAt) form.setFields([{ name: "publishAt", errors: [res.fieldErrors.publishAt] }]);
      else {
        actionFailed(res);
        onClose(true);
      }
      return;
    }
    toast("success", <span data-testid="news-admin-done">{t("actions.done.schedule", { title })}</span>);
    onClose(true);
  };

  return (
    <Modal
      open
      title={t("schedule.title", { title })}
      okText={t("schedule.ok")}
      cancelText={t("schedule.cancel")}
      onOk={submit}
      onCancel={() => onClose(false)}
      okButtonProps={{ loading: busy, "data-testid": "news-schedule-ok" } as never}
      destroyOnHidden
      width={440}
    >
      <Form form={form} layout="vertical" initialValues={{ publishAt: fromMinute(initial) ?? nextHour() }} data-testid="news-schedule-form">
        <Form.Item name="publishAt" label={t("schedule.label")} extra={t("schedule.hint")} rules={[{ required: true, message: tv("required", { label: t("fields.publishAt") }) }]}>
          <DatePicker showTime={{ format: "HH:mm" }} format={MINUTE} style={{ width: "100%" }} disabledDate={beforeToday} data-testid="news-schedule-at" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
