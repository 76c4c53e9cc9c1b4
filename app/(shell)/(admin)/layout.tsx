import type { ReactNode } from "react";
import { AntdRoot } from "@/components/providers/antd-root";
import { IntlScope } from "@/components/providers/intl-scope";

// The administration screens (system/*, except the home): every message namespace goes to the
// browser; they have no first-load budget and share the admin pattern's labels widely. They
// render antd on the server, so they carry antd's scope and registry (antd-root.tsx).
export default function AdminScreensLayout({ children }: { children: ReactNode }) {
  return (
    <IntlScope all>
      <AntdRoot>{children}</AntdRoot>
    </IntlScope>
  );
}
