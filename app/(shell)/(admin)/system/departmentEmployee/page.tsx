import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmployeeAdmin } from "@/components/system/employee-admin";
import { requireScreen } from "@/lib/shell/guard";
import { loadEmployees } from "@/lib/system/admin-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("UserAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/departmentEmployee");
  const url = new URL("http://local/system/departmentEmployee");
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === "string") url.searchParams.set(k, v);
  return <EmployeeAdmin data={await loadEmployees(viewer, url)} />;
}
