import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AttachmentConfig } from "@/components/system/attachment-config";
import { requireScreen } from "@/lib/shell/guard";
import { loadAttachmentConfig } from "@/lib/system/attachment-config";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("AttachmentConfig"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/attachmentConfig");
  return <AttachmentConfig data={await loadAttachmentConfig(viewer)} />;
}
