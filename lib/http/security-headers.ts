// Security headers. The Content-Security-Policy is made per request by proxy.ts: scripts run
// only with that request's nonce ('strict-dynamic' lets them load the chunks they need), so an
// injected inline script does not run. Next reads the nonce from the request's CSP header and
// puts it on its own scripts (every page is rendered per request). Styles keep 'unsafe-inline':
// antd and React set style attributes. 'wasm-unsafe-eval' lets the page compile WebAssembly (the
// scan camera's QR reader, served from our origin: app/scan/zxing-reader), not run eval. The
// other headers go on every response (next.config); the camera is allowed to our own pages only.
export function contentSecurityPolicy(opts: { nonce: string; dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${opts.nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For responses that never render a page (JSON of the upload endpoint, which skips the proxy). */
export const NO_CONTENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Strict-Transport-Security from HSTS_MAX_AGE (seconds; unset or 0: none). Set it only when the
 * app is served over HTTPS: browsers then refuse plain HTTP to the host for that long.
 */
export function strictTransportSecurity(maxAge = process.env.HSTS_MAX_AGE): string | null {
  const seconds = Number(maxAge);
  if (!maxAge || !Number.isInteger(seconds) || seconds <= 0) return null;
  return `max-age=${seconds}; includeSubDomains`;
}

export function securityHeaders(): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
  ];
}
