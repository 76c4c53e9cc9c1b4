import type { ReactNode } from "react";
import { IntlScope } from "@/components/providers/intl-scope";

// The messages this screen's client components use (lib/i18n/scopes.ts).
export default function MemberSystemLayout({ children }: { children: ReactNode }) {
  return <IntlScope route="system/memberSystem">{children}</IntlScope>;
}
