// Client-safe helpers of the rich-text editor (no sanitize-html here: it stays on the server).
// The rules match lib/rich-text/sanitize.ts, which has the last word on what is saved.

/** The media route serving rich-text images (app/media/[id]); the same path as sanitize.ts MEDIA_PATH. */
export const EDITOR_MEDIA_PATH = "/customerWeb/media/";

/** Image types the editor uploads (the IMAGE upload kind's formats). */
export const EDITOR_IMAGE_MIME = ["image/jpeg", "image/png", "image/webp"];

export function mediaSrc(attachmentId: string): string {
  return `${EDITOR_MEDIA_PATH}${attachmentId}`;
}

/** Attachment ids of the media images in the editor's HTML, without repeats. */
export function mediaIdsInHtml(html: string): string[] {
  return [...new Set([...html.matchAll(/<img[^>]+src="\/customerWeb\/media\/([0-9a-f]{32})/g)].map((m) => m[1]))];
}

/**
 * The address a typed link goes to, or null when it is not a web or mail address: http(s) and
 * mailto only (javascript:, data: and the like are refused); "example.com/x" becomes https.
 */
export function linkHref(raw: string): string | null {
  const text = raw.trim();
  if (!text || text.length > 2000 || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (hasScheme && !/^(https?:\/\/|mailto:)/i.test(text)) return null;
  const candidate = hasScheme ? text : /^[^/@]+@[^/@]+\.[^/@]+$/.test(text) ? `mailto:${text}` : `https://${text.replace(/^\/+/, "")}`;
  try {
    const url = new URL(candidate);
    if (url.protocol === "mailto:") return url.pathname.includes("@") ? candidate : null;
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    // A host needs a dot (or is localhost): "https://foo" from a typo is not an address.
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
    return url.href === `${candidate}/` ? candidate : url.href;
  } catch {
    return null;
  }
}
