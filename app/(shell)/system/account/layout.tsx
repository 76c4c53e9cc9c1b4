import type { ReactNode } from "react";
import { IntlScope } from "@/components/providers/intl-scope";

// The messages My account's forms use (lib/i18n/scopes.ts).
export default function MyAccountLayout({ children }: { children: ReactNode }) {
  return <IntlScope route="system/account">{children}</IntlScope>;
}
