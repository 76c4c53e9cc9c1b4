import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginLogList } from "@/components/accounts/login-log-list";
import { listLoginLog } from "@/lib/accounts/login-log-queries";
import { searchUrl } from "@/lib/core/search-url";
import { hasPermission } from "@/lib/auth/viewer";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("LoginLog"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/loginLog");
  const page = await listLoginLog(viewer, searchUrl("system/loginLog", await searchParams));
  return <LoginLogList page={page} canExport={hasPermission(viewer, "loginLog:export")} />;
}
