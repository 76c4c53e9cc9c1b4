import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientAdmin } from "@/components/system/client-admin";
import { loadClientAdmin } from "@/lib/clients/queries";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Clients"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/client");
  return <ClientAdmin data={await loadClientAdmin(viewer)} />;
}
