import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { NO_CONTENT_CSP, securityHeaders } from "./lib/http/security-headers";

// precompile: ICU messages are compiled at build time, so the browser gets next-intl's small
// formatter instead of the ICU parser (about 10 KiB gzip less on every page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en-US", "zh-CN"], precompile: true } },
});

const config: NextConfig = {
  basePath: "/customerWeb",
  poweredByHeader: false,
  // The test runner reaches the dev server as 127.0.0.1; let its hot-reload connect.
  allowedDevOrigins: ["127.0.0.1"],
  reactStrictMode: true,
  // Tree-shake antd and its icons per import: without it every page pulls the whole barrel.
  // staleTimes.static: how long a screen the side menu prefetched on hover (components/shell/
  // side-nav.tsx) may be shown on its click instead of a fresh render: 30 s (Next's least; its
  // default is 5 minutes), as every screen is per-user data. Nothing else prefetches in full.
  experimental: { optimizePackageImports: ["antd", "@ant-design/icons"], authInterrupts: true, staleTimes: { static: 30 } },
  // These run in Node only and must not be bundled (native wasm, sockets).
  serverExternalPackages: ["pg"],
  async rewrites() {
    // Folders starting with "_" are private in the App Router (docs/ARCHITECTURE.md "Pitfalls").
    return [{ source: "/__serverLoader", destination: "/api/server-loader" }];
  },
  async headers() {
    // The Content-Security-Policy (with its per-request nonce) and HSTS come from proxy.ts; the
    // upload endpoint, which skips the proxy, answers JSON only and gets a policy that allows nothing.
    return [
      { source: "/:path*", headers: securityHeaders() },
      { source: "/api/v1/uploads/:path*", headers: [{ key: "Content-Security-Policy", value: NO_CONTENT_CSP }] },
      { source: "/api/v1/uploads", headers: [{ key: "Content-Security-Policy", value: NO_CONTENT_CSP }] },
    ];
  },
};

export default withNextIntl(config);
