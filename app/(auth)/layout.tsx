import type { ReactNode } from "react";
import { AuthFrame } from "@/components/auth/auth-frame";
import { AppRoot } from "@/components/providers/app-root";

// Sign-in, register and forgot-password: antd, no shell.
export default function AuthLayout({ children }: { children: ReactNode }) {
  return <AppRoot>{(locale) => <AuthFrame locale={locale}>{children}</AuthFrame>}</AppRoot>;
}
