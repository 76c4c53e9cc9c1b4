import type { Locator, Page, Request } from "@playwright/test";
import { messagesFor } from "@/lib/i18n/messages";
import { BASE_PATH, expect, HOME, setLocaleCookie, sideMenu, test, waitForShell } from "./fixtures";

// Issue 19: a hover on a side-menu link prefetches the screen itself through Next's router
// (components/shell/side-nav.tsx), not the route's data into a cache no screen reads: the click
// then shows the prefetched render without asking the server for the page again. The time from
// the click to the new screen's heading, without and after a hover, is printed, not asserted.

const ROUTE = "system/workbench/records";
const MENU_ITEM = "menu-home.records";
const TITLE = (messagesFor("en-US") as unknown as { Records: { title: string } }).Records.title;
const RUNS = 5;

/** A request of Next's router for the route's server render (RSC payload). The route's shape
 * (`_tree`, sent with Next-Router-Prefetch) is not one: it renders no screen. */
function isRender(req: Request): boolean {
  if (new URL(req.url()).pathname !== `${BASE_PATH}/${ROUTE}`) return false;
  const h = req.headers();
  return h["rsc"] === "1" && h["next-router-prefetch"] === undefined;
}

/** Opens Home afresh (a document load: Next's client cache starts empty), the pointer away from the menu. */
async function openHome(page: Page): Promise<Locator> {
  await page.mouse.move(1400, 880);
  await page.goto(HOME);
  await waitForShell(page);
  const link = sideMenu(page).getByTestId(MENU_ITEM);
  await expect(link).toBeVisible();
  await expect(page.getByTestId("page-title").filter({ hasText: TITLE })).toHaveCount(0);
  return link;
}

/** Clicks (`click`) and measures in the page, from the click to the frame where the screen's heading is there. */
async function timeToHeading(page: Page, click: () => Promise<void>): Promise<number> {
  await page.evaluate((title) => {
    (window as unknown as { __opened: Promise<number> }).__opened = new Promise((resolve) => {
      const start = (e: Event) => {
        const t0 = e.timeStamp;
        const frame = () => {
          const h = document.querySelector('[data-testid="page-title"]');
          if (h?.textContent === title) resolve(performance.now() - t0);
          else requestAnimationFrame(frame);
        };
        frame();
      };
      document.addEventListener("click", start, { capture: true, once: true });
    });
  }, TITLE);
  await click();
  const ms = await page.evaluate(() => (window as unknown as { __opened: Promise<number> }).__opened);
  await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/${ROUTE}$`));
  await expect(page.getByTestId("page-title")).toHaveText(TITLE);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test("a hover on a menu link prefetches the screen, and the click shows it without another server render", async ({ page, context, loginAs }) => {
  test.setTimeout(180_000);
  await setLocaleCookie(context, "en-US");
  await loginAs("dealer");

  const renders: string[] = [];
  const loaderCalls: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("__serverLoader")) loaderCalls.push(req.url());
    if (isRender(req)) renders.push(req.url());
  });
  const ended = new Set<Request>();
  page.on("requestfinished", (req) => ended.add(req));
  page.on("requestfailed", (req) => ended.add(req));

  // Once unmeasured, so the first run does not time the server's warm-up.
  await page.goto(ROUTE);
  await expect(page.getByTestId("page-title")).toHaveText(TITLE);
  renders.length = 0;

  const plain: number[] = [];
  const hovered: number[] = [];
  const prefetchMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // No hover: the click (dispatched, so no pointer crosses the link) asks the server for the screen.
    let link = await openHome(page);
    expect(renders, "nothing prefetched without a hover").toEqual([]);
    plain.push(await timeToHeading(page, () => link.dispatchEvent("click")));
    expect(renders, "without a hover the screen is rendered on the click").toHaveLength(1);
    renders.length = 0;

    // A hover: Next's router fetches the screen's render; the click then needs no request for it.
    link = await openHome(page);
    expect(renders).toEqual([]);
    const prefetch = page.waitForResponse((res) => isRender(res.request()));
    await link.hover();
    const res = await prefetch;
    expect(res.status(), "the prefetch's answer").toBe(200);
    // Its body to the end. Once the router has read it the browser may report the request as
    // failed (net::ERR_ABORTED) rather than finished: either ends it.
    await expect.poll(() => ended.has(res.request()), { message: "the prefetch's answer has arrived" }).toBe(true);
    prefetchMs.push(await page.evaluate((url) => (performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined)?.duration ?? NaN, res.url()));
    expect(renders, "one render fetched by the hover").toHaveLength(1);
    hovered.push(await timeToHeading(page, () => link.click()));
    expect(renders, "the click showed the prefetched render, without another").toHaveLength(1);
    renders.length = 0;
  }

  expect(loaderCalls, "a hover does not call the server loader").toEqual([]);
  const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(", ");
  console.log(
    `[route prefetch] ${ROUTE}, click → heading (ms, median of ${RUNS}): no hover ${Math.round(median(plain))} [${list(plain)}]; ` +
      `after the hover's prefetch ${Math.round(median(hovered))} [${list(hovered)}]; the prefetch itself ${Math.round(median(prefetchMs))} [${list(prefetchMs)}]`,
  );
});
