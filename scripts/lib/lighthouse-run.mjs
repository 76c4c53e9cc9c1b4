// One Lighthouse run in a fresh headless Chromium, for scripts/bench-lighthouse.ts, which
// starts it with plain node: under tsx, Lighthouse's functions that run in the page carry
// esbuild's `__name` helper and fail there ("__name is not defined").
//   node scripts/lib/lighthouse-run.mjs '{"url":…,"form":"mobile"|"desktop","cookie":…,"out":…}'
// writes the report (LHR JSON) to out.
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";

const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const { url, form, cookie, out } = JSON.parse(process.argv[2]);
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || "/usr/bin/chromium", chromeFlags: FLAGS });
// Stopped by the bench (Ctrl-C): chrome-launcher starts Chromium in a process group of its own.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => (chrome.kill(), process.exit(1)));
try {
  const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], extraHeaders: cookie ? { Cookie: cookie } : undefined };
  const result = await lighthouse(url, flags, form === "desktop" ? desktopConfig : undefined);
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  fs.writeFileSync(out, JSON.stringify(result.lhr));
} finally {
  chrome.kill();
}
