import { describe, expect, it } from "vitest";
import { linkHref, mediaIdsInHtml, mediaSrc } from "./rich-text-links";

describe("linkHref", () => {
  it("keeps web and mail addresses", () => {
    expect(linkHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(linkHref("  http://example.com  ")).toBe("http://example.com");
    expect(linkHref("mailto:sales@example.com")).toBe("mailto:sales@example.com");
  });
  it("adds https to a bare host and mailto to a bare address", () => {
    expect(linkHref("example.com/news")).toBe("https://example.com/news");
    expect(linkHref("sales@example.com")).toBe("mailto:sales@example.com");
  });
  it("refuses scripts, data and other schemes", () => {
    for (const bad of ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,<script>", "vbscript:x", "file:///etc/passwd", "ftp://example.com"]) {
      expect(linkHref(bad), bad).toBeNull();
    }
  });
  it("refuses what is not an address", () => {
    for (const bad of ["", "   ", "hello world", "https://foo", "mailto:nobody", "x".repeat(2001)]) expect(linkHref(bad), bad).toBeNull();
  });
});

describe("media images", () => {
  it("builds and finds media ids", () => {
    const id = "0123456789abcdef0123456789abcdef";
    const html = `<p>a</p><img src="${mediaSrc(id)}" alt="x"><img src="${mediaSrc(id)}"><img src="https://evil.example/x.png">`;
    expect(mediaSrc(id)).toBe(`/customerWeb/media/${id}`);
    expect(mediaIdsInHtml(html)).toEqual([id]);
  });
});
