// An article's public URL: /customerWeb/news/<id>-<slug>. The id finds the article; the slug
// (from the English title, fixed at creation) makes the URL readable. A URL whose slug is stale
// or missing redirects to the canonical one.

/** A URL slug from a title: lower-case ASCII words joined by "-", at most 80 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "article";
}

/** The path of an article under the base path, without it: "news/12-new-model-launch". */
export function newsPath(id: number, slug: string): string {
  return `news/${id}-${slug}`;
}

/** The id in a URL segment "12-new-model-launch" (or "12"); null when it is not one. */
export function newsIdOf(segment: string): number | null {
  const m = /^(\d{1,9})(?:-[a-z0-9-]*)?$/.exec(segment);
  return m ? Number(m[1]) : null;
}

/** Where an anonymous visitor of the shell's news screen goes: the public list, or the article
 * of `?id=` (which then redirects to its canonical address). Null for any other path. */
export function publicNewsPathFor(shellPath: string): string | null {
  const [path, search = ""] = shellPath.split("?");
  if (path.replace(/\/+$/, "") !== "/market/news") return null;
  const id = new URLSearchParams(search).get("id");
  return id && /^[1-9]\d{0,8}$/.test(id) ? `/news/${id}` : "/news";
}
