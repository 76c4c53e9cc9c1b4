// npm run bench:bundle — first-load JS and HTML size per route, from the production build,
// measured as a browser receives them (gzip), signed in where the route needs it.
// Fails (exit 1) when a route exceeds its budget (QUALITY.md "Fast first load").
import { gzipSync } from "node:zlib";
import path from "node:path";
import { signInCookie } from "./lib/http-session";
import { ROOT } from "./lib/paths";
import { choosePort, startStack } from "./lib/stack";

const KiB = 1024;
type Account = { account: string; password: string; companyCode?: string };
const DEALER: Account = { account: "dealer.sh", password: "Dealer@123456" };
const ADMIN: Account = { account: "admin", password: "Admin@123456" };

type Route = { path: string; as: Account | null; jsBudget: number; htmlBudget: number; status?: number; /** JS budget as a multiple of the reference row's measured JS (the first row). */ jsOfReference?: number };
const ROUTES: Route[] = [
  // Reference: the not-found screen renders from the root layout alone (React + Next, no antd).
  { path: "bench-reference-not-found", as: null, jsBudget: Infinity, htmlBudget: Infinity, status: 404 },
  { path: "system/login", as: null, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "system/login?lng=zh-CN", as: null, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "system/register", as: null, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "system/forgetpwd", as: null, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "system/workbench/home", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "system/workbench/home?lng=zh-CN", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  // The dealer's mall (QUALITY.md): the vehicle catalogue, the carts and the order lists.
  { path: "onlineMall/car/goods", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "onlineMall/car/goods?lng=zh-CN", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "onlineMall/mountings/goods", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "onlineMall/car/cart", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "onlineMall/mountings/cart", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "onlineMall/car/order", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "onlineMall/mountings/order", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "onlineMall/car/inventory", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  // Dealer screens built on the admin list (antd Table, filters, export/import): ~510 KiB today;
  // the budget stops them growing. QUALITY.md's 250 KiB covers the catalogue, carts and orders.
  { path: "car/stock", as: DEALER, jsBudget: 550 * KiB, htmlBudget: 40 * KiB },
  { path: "car/vehicleSales", as: DEALER, jsBudget: 550 * KiB, htmlBudget: 40 * KiB },
  { path: "car/carReturn", as: DEALER, jsBudget: 550 * KiB, htmlBudget: 40 * KiB },
  { path: "car/vehicleInformation?vin=LGWAUR517TA000100", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  // After-sales: server-rendered lists; the forms and dialogs load when opened.
  { path: "afterSale/salesReturn", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "afterSale/salesReturnLogs", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "afterSale/complaint", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "afterSale/complaint?lng=zh-CN", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  { path: "download/downloadCenters", as: DEALER, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  // News management (staff): a server-rendered list; the form with the rich-text editor loads when opened.
  { path: "market/news", as: ADMIN, jsBudget: 250 * KiB, htmlBudget: 40 * KiB },
  // Reference: an administration screen with antd's Table (no budget is set for these yet).
  { path: "system/role", as: ADMIN, jsBudget: Infinity, htmlBudget: Infinity },
  // Public news (QUALITY.md): no antd, no session code, at most 1.1× the bare reference page's JS.
  { path: "news", as: null, jsBudget: Infinity, jsOfReference: 1.1, htmlBudget: 40 * KiB },
  { path: "news?lng=zh-CN", as: null, jsBudget: Infinity, jsOfReference: 1.1, htmlBudget: 40 * KiB },
  // {article}: the first article the public list links to (ids depend on the database).
  { path: "{article}", as: null, jsBudget: Infinity, jsOfReference: 1.1, htmlBudget: 40 * KiB },
];

const gz = (buf: Buffer) => gzipSync(buf, { level: 6 }).length;

async function get(url: string, cookie?: string, status = 200): Promise<Buffer> {
  const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  if (res.status !== status) throw new Error(`GET ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** External scripts and stylesheets a modern browser loads on first paint (noModule polyfills
 * are only fetched by browsers without ES modules, so they are not counted). */
function assetsOf(html: string): { js: string[]; css: string[] } {
  const js = [...html.matchAll(/<script([^>]+)>/g)]
    .map((m) => m[1])
    .filter((attrs) => !/\snomodule/i.test(attrs))
    .map((attrs) => attrs.match(/\ssrc="([^"]+)"/)?.[1])
    .filter((src): src is string => !!src);
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+)"[^>]+rel="stylesheet"/g)].map((m) => m[1] ?? m[2]);
  return { js: [...new Set(js)], css: [...new Set(css)] };
}

async function main() {
  const port = await choosePort(process.env.BENCH_PORT, 3300);
  const stack = await startStack({ port, dataDir: path.join(ROOT, "data/bench-postgres"), fresh: true, durable: false });
  const origin = new URL(stack.baseUrl).origin;
  const cookies = new Map<string, string>();
  const rows: Record<string, string | number>[] = [];
  let failed = false;
  try {
    let referenceJs = 0;
    for (const r of ROUTES) {
      let cookie: string | undefined;
      if (r.as) {
        if (!cookies.has(r.as.account)) cookies.set(r.as.account, await signInCookie(stack.baseUrl, r.as));
        cookie = cookies.get(r.as.account);
      }
      if (r.path === "{article}") r.path = (await get(`${stack.baseUrl}/news`)).toString("utf8").match(/href="\/customerWeb\/(news\/\d+-[a-z0-9-]+)"/)?.[1] ?? "news/no-article-in-the-list";
      const html = await get(`${stack.baseUrl}/${r.path}`, cookie, r.status);
      const { js, css } = assetsOf(html.toString("utf8"));
      const jsSizes = await Promise.all(js.map(async (src) => gz(await get(new URL(src, origin).href))));
      const cssSizes = await Promise.all(css.map(async (href) => gz(await get(new URL(href, origin).href))));
      const jsGz = jsSizes.reduce((a, b) => a + b, 0);
      const htmlGz = gz(html);
      if (r === ROUTES[0]) referenceJs = jsGz;
      const jsBudget = r.jsOfReference ? referenceJs * r.jsOfReference : r.jsBudget;
      const ok = jsGz <= jsBudget && htmlGz <= r.htmlBudget;
      failed ||= !ok;
      rows.push({
        route: r.path,
        as: r.as?.account ?? "anonymous",
        "js files": js.length,
        "js gzip KiB": +(jsGz / KiB).toFixed(1),
        "css gzip KiB": +(cssSizes.reduce((a, b) => a + b, 0) / KiB).toFixed(1),
        "html gzip KiB": +(htmlGz / KiB).toFixed(1),
        "html raw KiB": +(html.length / KiB).toFixed(1),
        budget: r.jsOfReference ? `${r.jsOfReference}× ref (${(jsBudget / KiB).toFixed(1)}) / ${r.htmlBudget / KiB}` : Number.isFinite(r.jsBudget) ? `${r.jsBudget / KiB} / ${r.htmlBudget / KiB}` : "reference",
        result: ok ? "ok" : "OVER BUDGET",
      });
    }
  } finally {
    await stack.stop();
  }
  console.log("\nFirst load per route (gzip level 6; budget = JS KiB / HTML KiB):");
  console.table(rows);
  if (failed) {
    console.error("bench:bundle: a route is over its budget");
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
