import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CodePasswordForm } from "@/components/auth/code-password-form";
import { variable } from "@/lib/config/variables";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Register"))("title") };
}

export default async function RegisterPage() {
  const [minLength, codeMinutes] = await Promise.all([variable("password.minLength"), variable("sms.codeLifetimeMinutes")]);
  return <CodePasswordForm mode="register" minLength={minLength} codeMinutes={codeMinutes} />;
}
