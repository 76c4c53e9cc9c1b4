import type { ReactNode } from "react";
import { IntlScope } from "@/components/providers/intl-scope";

// The messages this screen's client components use (lib/i18n/scopes.ts).
export default function CustomerPlanLayout({ children }: { children: ReactNode }) {
  return <IntlScope route="crm/customerPlan">{children}</IntlScope>;
}
