import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WeixinAppAdmin } from "@/components/system/weixin/weixin-app-admin";
import { WechatMessageList } from "@/components/system/weixin/wechat-message-list";
import { WeixinTabs } from "@/components/system/weixin/weixin-tabs";
import { searchUrl } from "@/lib/core/search-url";
import { listWechatMessages, loadWeixinAdmin } from "@/lib/wechat/admin";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("WeixinApp"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/weixinApp");
  const url = searchUrl("system/weixinApp", await searchParams);
  const tabs = <WeixinTabs active={url.searchParams.get("tab") === "messages" ? "messages" : "apps"} />;
  if (url.searchParams.get("tab") === "messages") return <WechatMessageList page={await listWechatMessages(viewer, url)} tabs={tabs} />;
  return <WeixinAppAdmin data={await loadWeixinAdmin(viewer)} tabs={tabs} />;
}
