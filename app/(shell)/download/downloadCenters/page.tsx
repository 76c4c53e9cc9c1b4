import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DownloadDetailView } from "@/components/downloads/download-detail";
import { DownloadList } from "@/components/downloads/download-list";
import { searchUrl } from "@/lib/core/search-url";
import { loadDownloadRoute } from "@/lib/downloads/loader";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "download/downloadCenters";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Downloads"))("title") };
}

/** download/downloadCenters — the items, or one at ?id= (switched off or missing: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const url = searchUrl(ROUTE, await searchParams);
  const data = await loadDownloadRoute(viewer, url);
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") return <DownloadDetailView item={data.item} params={url.searchParams} rules={data.rules} />;
  return <DownloadList page={data.list} rules={data.rules} />;
}
