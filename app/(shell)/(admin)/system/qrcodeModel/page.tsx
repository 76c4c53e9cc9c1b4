import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { QrTemplateAdmin } from "@/components/system/qr-template-admin";
import { requireScreen } from "@/lib/shell/guard";
import { loadQrTemplateScreen } from "@/lib/qrcode/template-loader";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("QrcodeModel"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/qrcodeModel");
  const { data, rule } = await loadQrTemplateScreen(viewer);
  return <QrTemplateAdmin data={data} rule={rule} />;
}
