"use client";

import { AntdRegistry } from "@ant-design/nextjs-registry";
import type { ReactNode } from "react";
import { AntdScope } from "./antd-scope";

/**
 * For a screen that renders antd components on the server (the administration screens, register,
 * forgot password): the scope, plus the registry that writes the theme's CSS variables into the
 * HTML so the first paint is already themed.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <AntdRegistry>
      <AntdScope>{children}</AntdScope>
    </AntdRegistry>
  );
}
