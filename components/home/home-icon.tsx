"use client";

import { AuditOutlined, InboxOutlined, MessageOutlined, RollbackOutlined, SendOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { menuIcon } from "@/components/shell/menu-icon";

// antd's icons need React context, which server components cannot create: the home draws them
// through this small client component. Menu icons come from the shell's own set (already in
// its bundle); the staff work queues add a few of their own.
const WORK_ICONS: Record<string, ReactNode> = {
  audit: <AuditOutlined />,
  send: <SendOutlined />,
  rollback: <RollbackOutlined />,
  inbox: <InboxOutlined />,
  message: <MessageOutlined />,
};

/** A menu row's icon by name (components/shell/menu-icon.tsx), or a work queue's. */
export function HomeIcon({ name }: { name: string | null }) {
  return <>{(name && WORK_ICONS[name]) || menuIcon(name)}</>;
}
