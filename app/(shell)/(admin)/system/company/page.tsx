import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CompanyAdmin } from "@/components/system/company-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadCompanyAdmin } from "@/lib/companies/loader";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("CompanyAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/company");
  return <CompanyAdmin data={await loadCompanyAdmin(viewer, searchUrl("system/company", await searchParams))} />;
}
