"use client";

import { ConfigProvider, message, Modal } from "antd";
import "@/components/providers/antd-css";
import enUS from "antd/locale/en_US";
import zhCN from "antd/locale/zh_CN";
import type { ReactNode } from "react";
import { appTheme } from "@/components/providers/theme";

// Static methods render outside the page's ConfigProvider: give them the same theme and locale.
const zh = () => document.documentElement.lang === "zh-CN";
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={appTheme} locale={zh() ? zhCN : enUS} componentSize="large">
      {children}
    </ConfigProvider>
  ),
});
// Spec section 9: toasts last 3 s, 8 px from the top.
message.config({ duration: 3, top: 8, maxCount: 3 });

export function toast(kind: "success" | "error" | "info" | "warning", content: ReactNode): void {
  void message.open({ type: kind, content });
}

export function errorDialog(opts: { title: string; content: ReactNode; okText?: string; onOk?: () => void; afterClose?: () => void }): void {
  Modal.error({ title: opts.title, content: opts.content, okText: opts.okText, onOk: opts.onOk, afterClose: opts.afterClose });
}

export function confirmDialog(opts: { title: ReactNode; content?: ReactNode; okText?: string; cancelText?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) =>
    Modal.confirm({
      title: opts.title,
      content: opts.content,
      okText: opts.okText,
      cancelText: opts.cancelText,
      okButtonProps: { danger: opts.danger },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}
