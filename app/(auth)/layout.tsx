import type { ReactNode } from "react";
import { AuthFrame } from "@/components/auth/auth-frame";
import { AppRoot } from "@/components/providers/app-root";
import { AUTH_NAMESPACES } from "@/lib/i18n/scopes";

// Sign-in, register and forgot-password: no shell. Sign-in is native controls (the first screen
// on a phone); register and forgot-password use antd.
export default function AuthLayout({ children }: { children: ReactNode }) {
  return <AppRoot namespaces={AUTH_NAMESPACES}>{(locale) => <AuthFrame locale={locale}>{children}</AuthFrame>}</AppRoot>;
}
