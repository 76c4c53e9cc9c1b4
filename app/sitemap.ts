import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { visibleNewsIndex } from "@/lib/news/public";
import { languageAlternates, newsArticlePath, newsListPath, publicOrigin } from "@/lib/news/public-urls";

// /customerWeb/sitemap.xml — the public pages: the news list and every visible article, each
// with its language versions. Read from the news cache (no query per request); rendered per
// request so the data never comes from build time.
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [origin, index] = await Promise.all([publicOrigin(), visibleNewsIndex()]);
  const list = `${origin}${newsListPath()}`;
  const newest = index.reduce((max, e) => (e.updatedAt > max ? e.updatedAt : max), index[0]?.publishAt ?? "");
  return [
    { url: list, ...(newest ? { lastModified: newest } : {}), changeFrequency: "daily", priority: 1, alternates: { languages: languageAlternates(list) } },
    ...index.map((e) => {
      const url = `${origin}${newsArticlePath(e.id, e.slug)}`;
      return {
        url,
        lastModified: e.updatedAt > e.publishAt ? e.updatedAt : e.publishAt,
        changeFrequency: "monthly" as const,
        priority: 0.7,
        alternates: { languages: languageAlternates(url) },
      };
    }),
  ];
}
