import { describe, expect, it } from "vitest";
import { mediaIdsOf, richTextToPlain, sanitizeRichText } from "./sanitize";

const ID = "0123456789abcdef0123456789abcdef";

// A corpus of script injections (OWASP filter-evasion cheat sheet and friends): none survives.
const XSS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="/customerWeb/media/${ID}" onerror="alert(1)">`,
  `<svg onload=alert(1)>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<body onload=alert(1)>`,
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<p style="x:expression(alert(1))">x</p>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<input autofocus onfocus=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<link rel=stylesheet href="javascript:alert(1)">`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `"><script>alert(1)</script>`,
  `<scr<script>ipt>alert(1)</script>`,
  `<img src="https://evil.example/track.png">`,
  `<img src="//evil.example/x.png">`,
  `<a href="//evil.example">x</a>`,
];

describe("sanitizeRichText", () => {
  it.each(XSS)("removes every script vector: %s", (html) => {
    const out = sanitizeRichText(html);
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style|<form|<input|<meta|<base|<link|<math/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/javascript:|data:text|expression\(|style=/i);
    expect(out).not.toMatch(/evil\.example\/(track|x)\.png/);
  });

  it("keeps the text structure, safe links and our own media images", () => {
    const html = `<h2>Title</h2><p>A <strong>bold</strong> <em>word</em> and <a href="https://example.com/a">a link</a>.</p><ul><li>one</li></ul><img src="/customerWeb/media/${ID}" alt="cover">`;
    const out = sanitizeRichText(html);
    expect(out).toContain("<h2>Title</h2>");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain(`<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">a link</a>`);
    expect(out).toContain(`<img src="/customerWeb/media/${ID}" alt="cover" />`);
    expect(mediaIdsOf(out)).toEqual([ID]);
  });

  it("turns rich text into plain text", () => {
    expect(richTextToPlain("<p>Hello <b>world</b></p><script>x</script>")).toBe("Hello world");
    expect(richTextToPlain("<p> </p><p><br></p>")).toBe("");
  });
});
