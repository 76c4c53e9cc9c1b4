import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { BASE_PATH } from "@/lib/client/base-path";
import { publicOrigin } from "@/lib/news/public-urls";

// /customerWeb/robots.txt — only the public news and its pictures may be indexed (plus the
// static assets needed to render them); every signed-in screen stays out of search engines.
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  const origin = await publicOrigin();
  return {
    rules: {
      userAgent: "*",
      allow: [`${BASE_PATH}/news`, `${BASE_PATH}/media/`, `${BASE_PATH}/_next/static/`, `${BASE_PATH}/brand/`],
      disallow: "/",
    },
    sitemap: `${origin}${BASE_PATH}/sitemap.xml`,
  };
}
