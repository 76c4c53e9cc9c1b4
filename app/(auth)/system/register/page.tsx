import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CodePasswordForm } from "@/components/auth/code-password-form";
import { AntdRoot } from "@/components/providers/antd-root";
import { passwordMinLength } from "@/lib/auth/password-policy";
import { variable } from "@/lib/config/variables";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Register"))("title") };
}

export default async function RegisterPage() {
  const [minLength, codeMinutes] = await Promise.all([passwordMinLength(), variable("sms.codeLifetimeMinutes")]);
  // The form is antd's: its theme and locale come from AntdRoot (sign-in needs none).
  return (
    <AntdRoot>
      <CodePasswordForm mode="register" minLength={minLength} codeMinutes={codeMinutes} />
    </AntdRoot>
  );
}
