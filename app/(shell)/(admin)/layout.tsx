import type { ReactNode } from "react";
import { AntdRoot } from "@/components/providers/antd-root";
import { IntlScope } from "@/components/providers/intl-scope";

// The administration screens (system/*, except the home): every message namespace but the dealer
// areas' goes to the browser (lib/i18n/scopes.ts); they share the admin pattern's labels widely. They
// render antd on the server, so they carry antd's scope and registry (antd-root.tsx).
export default function AdminScreensLayout({ children }: { children: ReactNode }) {
  return (
    <IntlScope admin>
      <AntdRoot>{children}</AntdRoot>
    </IntlScope>
  );
}
