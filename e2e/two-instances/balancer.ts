import { expect, type APIResponse, type Response } from "@playwright/test";
import { baseURL } from "../fixtures";

// The two-instance project (playwright.config.ts): BASE_URL is the load balancer npm test starts
// (nginx, scripts/lib/balancer.ts) and INSTANCE_URLS the two `next start` behind it, each
// reachable directly. The balancer names the instance that answered in X-Upstream
// ("127.0.0.1:PORT"). Cookies are host-wide, not per port, so a session made through the
// balancer is also sent to each instance directly.

/** The instances' base URLs, with a trailing slash (relative paths resolve under /customerWeb/). */
export function instances(): [string, string] {
  const urls = (process.env.INSTANCE_URLS ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => u.replace(/\/*$/, "/"));
  expect(urls, "INSTANCE_URLS names the two instances behind the balancer (npm test -- --only e2e-lb)").toHaveLength(2);
  expect(urls, "the balancer is not one of the instances").not.toContain(baseURL());
  return [urls[0], urls[1]];
}

/** An absolute URL on instance i (0 or 1), bypassing the balancer. */
export function onInstance(i: 0 | 1, relative: string): string {
  return new URL(relative.replace(/^\/+/, ""), instances()[i]).toString();
}

/** Which instance (0 or 1) answered a request made through the balancer. */
export function answeredBy(res: Response | APIResponse): 0 | 1 {
  const upstream = res.headers()["x-upstream"];
  expect(upstream, `X-Upstream on ${res.url()}`).toBeTruthy();
  const index = instances().findIndex((u) => new URL(u).host === upstream);
  expect(index, `X-Upstream ${upstream} is one of ${instances().join(", ")}`).toBeGreaterThanOrEqual(0);
  return index as 0 | 1;
}
