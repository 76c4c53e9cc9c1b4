import "server-only";
import { getHomeTiles, openableRoutes, type Tile } from "@/lib/access/menus";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { availableDownloads, dealerFigures, staffWork, WORK, type DealerFigures, type WorkCounts, type WorkKey } from "./figures";

// The workbench home (system/workbench/home): the viewer's tiles with live figures, staff work
// queues, the latest news and the account card. Everything is read in one round of parallel
// queries (a fixed number, counted in the integration test); the page and the route's server
// loader both call loadHome.

export type FigureKey = keyof DealerFigures | "downloads";
export type TileFigure = { key: FigureKey; count: number; href: string | null };
export type HomeTile = Tile & { figures: TileFigure[] };
export type WorkTile = { key: WorkKey; count: number; href: string; icon: string };
export type NewsItem = { id: number; titleEn: string; titleZh: string; publishAt: string };

export type HomeData = {
  tiles: HomeTile[];
  /** Staff work queues the viewer may act on (empty for dealers). */
  work: WorkTile[];
  /** The latest visible articles; null when the viewer may not open the news. */
  news: NewsItem[] | null;
  account: { name: string; account: string; userType: Viewer["userType"]; company: Viewer["company"]; roles: { code: string; nameEn: string; nameZh: string }[] };
};

export const NEWS_ON_HOME = 5;
export const NEWS_ROUTE = "market/news";

/** The figures each seeded tile shows (by the screen it opens), and the list a figure opens
 * when it is not the tile's own screen. Figures a viewer has none of (staff: the dealer's) are left out. */
const TILE_FIGURES: Record<string, { key: FigureKey; href?: string }[]> = {
  "car/vehicleSales": [{ key: "soldThisMonth" }],
  "car/stock": [
    { key: "inStock" },
    { key: "warehouseStock", href: "customerWms/inventory" },
    { key: "entriesToPost", href: "customerWms/entryWarehouseOrder?status=DRAFT" },
    { key: "overduePlans", href: "customerWms/storeCheckPlan" },
  ],
  "onlineMall/car/goods": [
    { key: "vehicleCart", href: "onlineMall/car/cart" },
    { key: "vehicleAwaitingReceipt", href: "onlineMall/car/order?status=SHIPPED" },
  ],
  "onlineMall/mountings/goods": [
    { key: "partsCart", href: "onlineMall/mountings/cart" },
    { key: "partsAwaitingReceipt", href: "onlineMall/mountings/order?status=SHIPPED" },
  ],
  "afterSale/complaint": [{ key: "openComplaints" }, { key: "repliedComplaints", href: "afterSale/complaint?status=REPLIED" }],
  "download/downloadCenters": [{ key: "downloads" }],
};

/** Icons for the seeded tiles whose menu row has none (an icon set on the menu screen wins). */
const TILE_ICONS: Record<string, string> = {
  "car/vehicleSales": "car",
  "car/stock": "database",
  "onlineMall/car/goods": "shop",
  "onlineMall/mountings/goods": "tool",
  "system/workbench/records": "history",
  "afterSale/complaint": "customer-service",
  "download/downloadCenters": "download",
};

const routeOf = (href: string) => href.split("?")[0];
/** Screens the home links to besides the tiles: asked in one query whether the viewer may open them. */
const LINKED_ROUTES = [
  ...new Set([
    ...Object.values(TILE_FIGURES)
      .flat()
      .flatMap((f) => (f.href ? [routeOf(f.href)] : [])),
    ...WORK.map((w) => w.route),
    NEWS_ROUTE,
  ]),
];

function latestNews(now: Date) {
  return db().news.findMany({
    where: { status: "PUBLISHED", publishAt: { lte: now } },
    orderBy: [{ publishAt: "desc" }, { id: "desc" }],
    take: NEWS_ON_HOME,
    select: { id: true, titleEn: true, titleZh: true, publishAt: true },
  });
}

/** The home screen's data; the page and the route server loader both call this. */
export async function loadHome(viewer: Viewer, now = new Date()): Promise<HomeData> {
  const company = viewer.userType === "DEALER" ? viewer.company : null;
  const [tiles, roles, routes, dealer, downloads, work, news] = await Promise.all([
    getHomeTiles(viewer),
    db().role.findMany({ where: { code: { in: viewer.roles } }, select: { code: true, nameEn: true, nameZh: true }, orderBy: { code: "asc" } }),
    openableRoutes(viewer, LINKED_ROUTES),
    company ? dealerFigures(company.id, viewer.userId, now) : null,
    availableDownloads(),
    staffWork(viewer),
    latestNews(now),
  ]);
  const figures: Partial<Record<FigureKey, number>> = { ...(dealer ?? {}), downloads };
  const linked = (href: string | undefined) => (href && routes.has(routeOf(href)) ? href : null);
  return {
    tiles: tiles.map((t) => ({
      ...t,
      icon: t.icon ?? TILE_ICONS[t.path] ?? null,
      figures: (TILE_FIGURES[t.path] ?? []).flatMap((f) => (figures[f.key] === undefined ? [] : [{ key: f.key, count: figures[f.key]!, href: linked(f.href) }])),
    })),
    work: WORK.flatMap((w) => {
      const count = (work as WorkCounts)[w.key];
      return count === undefined || !routes.has(w.route) ? [] : [{ key: w.key, count, href: `${w.route}?status=${w.status}`, icon: w.icon }];
    }),
    news: routes.has(NEWS_ROUTE) ? news.map((n) => ({ id: n.id, titleEn: n.titleEn, titleZh: n.titleZh, publishAt: n.publishAt!.toISOString() })) : null,
    account: { name: viewer.name, account: viewer.account, userType: viewer.userType, company: viewer.company, roles },
  };
}
