"use client";

import { Button, Drawer, Form, Space } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFocusReturn } from "@/components/ui/use-focus-return";
import type { FormDrawerProps } from "./admin-kit";

// The drawer behind admin-kit's FormDrawer, loaded when a drawer first opens.

/** A right-hand drawer with a vertical form and Cancel / Save at the bottom. */
export function FormDrawerPanel<V extends object>(props: FormDrawerProps<V>) {
  const ta = useTranslations("Access");
  const [busy, setBusy] = useState(false);
  useFocusReturn(props.open);
  const finish = async () => {
    setBusy(true);
    try {
      if (await props.onSubmit(props.form.getFieldsValue(true) as V)) props.onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      size={props.size ?? 560}
      destroyOnHidden
      data-testid={props.testId}
      footer={
        <Space style={{ display: "flex", justifyContent: "flex-end" }}>
          <Button onClick={props.onClose}>{ta("cancel")}</Button>
          <Button type="primary" loading={busy} onClick={() => void finish()} data-testid="drawer-save">
            {ta("save")}
          </Button>
        </Space>
      }
    >
      <Form<V> form={props.form} layout="vertical" initialValues={props.initialValues} onFinish={() => void finish()} requiredMark>
        {props.children}
        <button type="submit" hidden />
      </Form>
    </Drawer>
  );
}
