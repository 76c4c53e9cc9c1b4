import { defineConfig, devices } from "@playwright/test";
import { installPrismaInterop } from "./e2e/prisma-interop";

installPrismaInterop();

// The end-to-end suite (docs/ARCHITECTURE.md "Tests"). It does not start the app: `npm test` (or a
// person) runs it and points BASE_URL at it, e.g. BASE_URL=http://127.0.0.1:3200/customerWeb.
// The trailing slash matters: specs navigate with relative paths ("system/login"), which
// resolve under /customerWeb/ only when the base URL ends with "/".
const baseURL = (process.env.BASE_URL ?? "http://127.0.0.1:3100/customerWeb").replace(/\/*$/, "/");
const CI = !!process.env.CI;

const browser = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1440, height: 900 },
  // Browsers cannot be downloaded here: Debian's Chromium (apt: chromium fonts-noto-cjk).
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu"],
  },
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/artifacts",
  fullyParallel: false,
  forbidOnly: CI,
  // In CI a test that passes only on its retry fails the run: a flaky test is a bug to fix, not
  // noise. FLAKY_FAILS=1 does the same locally. The report lists every flaky test either way.
  failOnFlakyTests: CI || process.env.FLAKY_FAILS === "1",
  // Two cores: one worker runs the browser, the other leaves room for the app under test.
  workers: CI ? 1 : 2,
  retries: CI ? 1 : 0,
  // Generous: against `next dev` the first request to a route compiles it.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  use: {
    baseURL,
    locale: "en-US",
    timezoneId: "Asia/Shanghai",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    navigationTimeout: 60_000,
    actionTimeout: 20_000,
  },
  // chromium: the suite against one instance. two-instances: e2e/two-instances/ against a load
  // balancer in front of two instances (npm test starts them and nginx; INSTANCE_URLS names the
  // instances behind it). npm test runs each project in its own step, with --project.
  projects: [
    { name: "chromium", testIgnore: "**/two-instances/**", use: browser },
    { name: "two-instances", testMatch: "**/two-instances/**/*.spec.ts", use: browser },
  ],
});
