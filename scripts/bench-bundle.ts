// npm run bench:bundle — first-load JS and HTML size per route, from the production build,
// measured as a browser receives them (gzip), signed in where the route needs it.
// Fails (exit 1) when a route exceeds its budget, or when a page of the app has no budget.
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { ADMIN, DEALER, type Account } from "./lib/demo-accounts";
import { signInCookie } from "./lib/http-session";
import { ROOT } from "./lib/paths";
import { choosePort, startStack } from "./lib/stack";

const KiB = 1024;

/**
 * page: the app route the row measures (a page.tsx under app/, groups left out, "[slug]" kept);
 * by default the path without its query. Every page needs at least one row: `pagesWithoutBudget`
 * fails the bench before anything starts, so a new screen cannot ship without a budget.
 */
type Route = {
  path: string;
  page?: string;
  as: Account | null;
  jsBudget: number;
  htmlBudget: number;
  status?: number;
  /** JS budget as a multiple of the reference row's measured JS (the first row). */ jsOfReference?: number;
};

// Budgets (first-load JS, gzip). Dealer screens and sign-in: 200 KiB (162–165 and 150 today:
// their first paint has no antd, and antd's ConfigProvider with its registry would add ~45 KiB;
// components/providers/antd-scope.tsx). Register and forgot password render antd's form on
// first paint: 250 KiB. Administration screens (system/* and the staff-only catalogue screens;
// the menu seed, prisma/seed/menus.ts, grants them to no dealer): 300 KiB. HTML: 40 KiB, and
// 60 KiB for the administration screens, which send every message namespace to the browser
// (44–53 KiB today, app/(shell)/(admin)/layout.tsx).
const SIGN_IN = { jsBudget: 200 * KiB, htmlBudget: 40 * KiB };
const AUTH = { jsBudget: 250 * KiB, htmlBudget: 40 * KiB };
const DEALER_SCREEN = { as: DEALER, jsBudget: 200 * KiB, htmlBudget: 40 * KiB };
const ADMIN_SCREEN = { as: ADMIN, jsBudget: 300 * KiB, htmlBudget: 60 * KiB };
const PUBLIC_NEWS = { as: null, jsBudget: Infinity, jsOfReference: 1.1, htmlBudget: 40 * KiB };

const ROUTES: Route[] = [
  // Reference: the not-found screen renders from the root layout alone (React + Next, no antd).
  { path: "bench-reference-not-found", page: "", as: null, jsBudget: Infinity, htmlBudget: Infinity, status: 404 },
  { path: "system/login", as: null, ...SIGN_IN },
  { path: "system/login?lng=zh-CN", as: null, ...SIGN_IN },
  { path: "system/register", as: null, ...AUTH },
  { path: "system/forgetpwd", as: null, ...AUTH },
  // The OAuth consent screen (issue 22): the sign-in frame with antd's form, as a dealer.
  {
    path: "oauth/authorize?response_type=code&client_id=dealer-app&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&scope=orders%3Aread&state=bench&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
    as: DEALER,
    ...AUTH,
  },
  { path: "system/workbench/home", ...DEALER_SCREEN },
  { path: "system/workbench/home?lng=zh-CN", ...DEALER_SCREEN },
  { path: "system/workbench/records", ...DEALER_SCREEN },
  { path: "customerWms/warehouse", ...DEALER_SCREEN },
  // My account (issue 19): the user menu's page, a dealer's as much as anyone's.
  { path: "system/account", ...DEALER_SCREEN },
  // The label print page (issue 23): outside the shell, codes drawn on the server, one Print island.
  { path: "labels/print?purpose=VEHICLE&ids=1,2,3", ...DEALER_SCREEN },
  // The dealer's mall: the vehicle catalogue, the carts and the order lists.
  { path: "onlineMall/car/goods", ...DEALER_SCREEN },
  { path: "onlineMall/car/goods?lng=zh-CN", ...DEALER_SCREEN },
  { path: "onlineMall/mountings/goods", ...DEALER_SCREEN },
  { path: "onlineMall/car/cart", ...DEALER_SCREEN },
  { path: "onlineMall/mountings/cart", ...DEALER_SCREEN },
  { path: "onlineMall/car/order", ...DEALER_SCREEN },
  { path: "onlineMall/mountings/order", ...DEALER_SCREEN },
  { path: "onlineMall/car/inventory", ...DEALER_SCREEN },
  { path: "onlineMall/car/preOrder", ...DEALER_SCREEN },
  { path: "onlineMall/car/orderReconcil", ...DEALER_SCREEN },
  { path: "onlineMall/adress", ...DEALER_SCREEN },
  // Goods lists on the admin list (antd Table), open to dealers too.
  { path: "onlineMall/car/goods_bak", ...DEALER_SCREEN },
  { path: "onlineMall/mountings/goods_bak", ...DEALER_SCREEN },
  { path: "onlineMall/mountings/derivativeGoods", ...DEALER_SCREEN },
  // Vehicle screens.
  { path: "car/stock", ...DEALER_SCREEN },
  { path: "car/vehicleSales", ...DEALER_SCREEN },
  { path: "car/carReturn", ...DEALER_SCREEN },
  { path: "car/vehicleInformation?vin=LGWAUR517TA000100", ...DEALER_SCREEN },
  // After-sales: server-rendered lists; the forms and dialogs load when opened.
  { path: "afterSale/salesReturn", ...DEALER_SCREEN },
  { path: "afterSale/salesReturnLogs", ...DEALER_SCREEN },
  { path: "afterSale/complaint", ...DEALER_SCREEN },
  { path: "afterSale/complaint?lng=zh-CN", ...DEALER_SCREEN },
  { path: "customerWms/entryWarehouseOrder", ...DEALER_SCREEN },
  { path: "customerWms/deliveryWarehouseOrder", ...DEALER_SCREEN },
  { path: "customerWms/moveWarehouse", ...DEALER_SCREEN },
  { path: "customerWms/allotOrder", ...DEALER_SCREEN },
  { path: "customerWms/storeCheck", ...DEALER_SCREEN },

  { path: "download/downloadCenters", ...DEALER_SCREEN },
  { path: "customerWms/pointOfSale", ...DEALER_SCREEN },
  // Customer warehouse: server-rendered lists; the drawers load when opened.
  { path: "customerWms/storeCheckPlan", ...DEALER_SCREEN },
  // Purchase plans: a server-rendered list; the plan form and the review drawer load when opened.
  { path: "crm/customerPlan", ...DEALER_SCREEN },
  // Their achievement: server tables; chart.js loads after first paint, in no first load.
  { path: "crm/customerPlan?tab=achievement", ...DEALER_SCREEN },
  { path: "customerWms/inventory", ...DEALER_SCREEN },
  // Issue 21: the member register (dealers: their own members) and, for administrators, the
  // tiers; server HTML, the drawers load when opened.
  { path: "system/memberSystem", ...DEALER_SCREEN },
  { path: "system/memberSystem?tab=tiers", ...DEALER_SCREEN, as: ADMIN },
  // News management (staff; dealers read it): a server-rendered list; the form with the
  // rich-text editor loads when opened.
  { path: "market/news", ...DEALER_SCREEN, as: ADMIN },
  // Administration screens.
  { path: "onlineMall/car/carGroup", ...ADMIN_SCREEN },
  { path: "onlineMall/car/vehicleModel", ...ADMIN_SCREEN },
  { path: "system/menu", ...ADMIN_SCREEN },
  { path: "system/organization", ...ADMIN_SCREEN },
  { path: "system/company", ...ADMIN_SCREEN },
  { path: "system/role", ...ADMIN_SCREEN },
  { path: "system/role?lng=zh-CN", ...ADMIN_SCREEN },
  { path: "system/ruleScopes", ...ADMIN_SCREEN },
  { path: "system/job", ...ADMIN_SCREEN },
  { path: "system/client", ...ADMIN_SCREEN },
  { path: "system/weixinApp", ...ADMIN_SCREEN },
  { path: "system/appVersion", ...ADMIN_SCREEN },
  { path: "system/qrcodeModel", ...ADMIN_SCREEN },
  { path: "system/departmentEmployee", ...ADMIN_SCREEN },
  { path: "system/loginLog", ...ADMIN_SCREEN },
  { path: "system/smsOutbox", ...ADMIN_SCREEN },
  { path: "system/orgSource", ...ADMIN_SCREEN },
  { path: "system/attachmentConfig", ...ADMIN_SCREEN },
  { path: "system/regionArea", ...ADMIN_SCREEN },
  { path: "system/codeRule", ...ADMIN_SCREEN },
  { path: "system/systemCode", ...ADMIN_SCREEN },
  { path: "system/systemVariableDefault", ...ADMIN_SCREEN },
  { path: "system/systemVariable", ...ADMIN_SCREEN },
  { path: "system/messageSetting", ...ADMIN_SCREEN },
  // Issue 22: users' devices (a server-rendered list; the row actions are small islands).
  { path: "system/userEquipment", ...ADMIN_SCREEN },
  // Public news: no antd, no session code, at most 1.1× the bare reference page's JS.
  { path: "news", ...PUBLIC_NEWS },
  { path: "news?lng=zh-CN", ...PUBLIC_NEWS },
  // {article}: the first article the public list links to (ids depend on the database).
  { path: "{article}", page: "news/[slug]", ...PUBLIC_NEWS },
];

/** The app's pages (every page.tsx under app/) as route paths, without route groups ("(shell)"). */
function appPages(dir = path.join(ROOT, "app"), prefix: string[] = []): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_") || entry.name.startsWith("@")) continue; // private folders, slots
      const segment = /^\(.*\)$/.test(entry.name) ? [] : [entry.name];
      out.push(...appPages(path.join(dir, entry.name), [...prefix, ...segment]));
    } else if (/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) out.push(prefix.join("/"));
  }
  return out;
}

/** Pages with no row in ROUTES, and rows that name no page (a screen removed or renamed). */
function pagesWithoutBudget(): { missing: string[]; stale: string[] } {
  const pages = new Set(appPages());
  const budgeted = new Set(ROUTES.filter((r) => r.page !== "").map((r) => r.page ?? r.path.split("?")[0]));
  return { missing: [...pages].filter((p) => !budgeted.has(p)).sort(), stale: [...budgeted].filter((p) => !pages.has(p)).sort() };
}

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
  const { missing, stale } = pagesWithoutBudget();
  if (missing.length || stale.length) {
    if (missing.length) console.error(`bench:bundle: pages without a budget (add them to ROUTES in scripts/bench-bundle.ts): ${missing.join(", ")}`);
    if (stale.length) console.error(`bench:bundle: budgeted routes with no page (app/**/page.tsx): ${stale.join(", ")}`);
    process.exit(1);
  }
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
      if (r.path === "{article}")
        r.path = (await get(`${stack.baseUrl}/news`)).toString("utf8").match(/href="\/customerWeb\/(news\/\d+-[a-z0-9-]+)"/)?.[1] ?? "news/no-article-in-the-list";
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
        budget: r.jsOfReference
          ? `${r.jsOfReference}× ref (${(jsBudget / KiB).toFixed(1)}) / ${r.htmlBudget / KiB}`
          : Number.isFinite(r.jsBudget)
            ? `${r.jsBudget / KiB} / ${r.htmlBudget / KiB}`
            : "reference",
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
