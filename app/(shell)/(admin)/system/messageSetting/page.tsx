import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MessageSettingAdmin } from "@/components/system/message-setting-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadList } from "@/lib/admin/resource";
import { messageTemplateResource } from "@/lib/messages/template-admin";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("MessageSettingAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/messageSetting");
  return <MessageSettingAdmin data={await loadList(messageTemplateResource, viewer, searchUrl("system/messageSetting", await searchParams))} />;
}
