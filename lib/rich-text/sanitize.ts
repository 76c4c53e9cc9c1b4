import sanitizeHtml from "sanitize-html";

// Rich text (news articles, download-centre content) is sanitized on the server before it is
// saved, and again nowhere else: what the database holds is safe to render as HTML.
// sanitize-html (maintained, no DOM needed on the server) with an allow-list: text structure,
// links to http(s)/mailto, and images only from this app's own media route.

/** The media route that serves rich-text images (app/media/[id]/route.ts). */
export const MEDIA_PATH = "/customerWeb/media/";
const MEDIA_SRC = /^\/customerWeb\/media\/[0-9a-f]{32}(\?thumb=1)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "img",
    "hr",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links open in a new tab and pass nothing to the target; images must come from our media route.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !MEDIA_SRC.test(frame.attribs.src ?? ""),
};
// target and rel are set by transformTags; allow them through the attribute filter.
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as Record<string, string[]>), a: ["href", "title", "target", "rel"] };

/** Safe HTML: scripts, event handlers, styles, iframes, foreign images and javascript: URLs removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The plain text of rich text (for excerpts, search and "is it empty?" checks). */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}

/** Attachment ids of the media images a (sanitized) rich text shows, in order, without repeats. */
export function mediaIdsOf(html: string): string[] {
  const ids = [...html.matchAll(/<img[^>]+src="\/customerWeb\/media\/([0-9a-f]{32})/g)].map((m) => m[1]);
  return [...new Set(ids)];
}
