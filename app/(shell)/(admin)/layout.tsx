import type { ReactNode } from "react";
import { IntlScope } from "@/components/providers/intl-scope";

// The administration screens (system/*, except the home): every message namespace goes to the
// browser; they have no first-load budget and share the admin pattern's labels widely.
export default function AdminScreensLayout({ children }: { children: ReactNode }) {
  return <IntlScope all>{children}</IntlScope>;
}
