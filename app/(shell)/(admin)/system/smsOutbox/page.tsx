import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SmsOutboxList } from "@/components/accounts/sms-outbox-list";
import { searchUrl } from "@/lib/core/search-url";
import { listSmsMessages } from "@/lib/accounts/sms-queries";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SmsOutbox"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/smsOutbox");
  return <SmsOutboxList page={await listSmsMessages(viewer, searchUrl("system/smsOutbox", await searchParams))} />;
}
