import "server-only";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { loadNewsAdmin, type NewsAdminData } from "./admin-queries";
import { newsArticle, newsListPage, parsePage, type NewsArticle, type NewsListPage } from "./public";

// market/news inside the shell. Staff who manage news (news:manage) get the management screen
// (lib/news/admin-queries.ts); everyone else reads the news as the public pages show it — the
// same visibility (published, publish time come) and the same cache — as a list (?page=N) or
// one article (?id=N).

export const NEWS_MANAGE = "news:manage";

export type NewsReaderData = { kind: "list"; list: NewsListPage } | { kind: "article"; article: NewsArticle } | { kind: "missing" };

export const managesNews = (viewer: Viewer) => hasPermission(viewer, NEWS_MANAGE);

/** `?id=` as an article id, or null when it is not a positive 32-bit integer. */
export function articleIdOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

export async function loadNewsReader(url: URL): Promise<NewsReaderData> {
  const rawId = url.searchParams.get("id");
  if (rawId !== null) {
    const id = articleIdOf(rawId);
    const article = id === null ? null : await newsArticle(id);
    return article ? { kind: "article", article } : { kind: "missing" };
  }
  const page = parsePage(url.searchParams.get("page"));
  const list = page === null ? null : await newsListPage(page);
  return list ? { kind: "list", list } : { kind: "missing" };
}

/** The route's server loader (lib/server-loaders.ts): what the page renders. */
export async function loadNewsRoute(viewer: Viewer, url: URL): Promise<NewsAdminData | NewsReaderData> {
  if (managesNews(viewer)) return loadNewsAdmin(viewer, url);
  return loadNewsReader(url);
}
