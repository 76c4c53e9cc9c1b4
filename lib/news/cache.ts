// Cache tag of everything the public and shell news pages read (lists, articles, sitemap).
// Publishing, unpublishing or editing an article revalidates it (lib/news/admin actions).
export const NEWS_TAG = "news";
