import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("App");
  return {
    title: { default: t("title"), template: `%s · ${t("title")}` },
    description: t("description"),
    icons: { icon: "/customerWeb/brand/logo.svg" },
  };
}

export const viewport: Viewport = { themeColor: "#237804", width: "device-width", initialScale: 1 };

// The root layout stays free of antd and session code: the public news pages share it.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>{children}</body>
    </html>
  );
}
