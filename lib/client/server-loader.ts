import { withBase } from "./base-path";

// Route server loader (spec section 7): GET {base}/__serverLoader?route=&url= with credentials,
// kept per route in SWR's cache. SWR itself loads on first use (a menu hover), not with the page.
export const loaderKey = (route: string) => ["serverLoader", route] as const;
const swr = () => import("swr");

export async function fetchServerLoader(route: string, url = window.location.href): Promise<unknown> {
  const q = new URLSearchParams({ route, url });
  const res = await fetch(withBase(`/__serverLoader?${q}`), { credentials: "include", headers: { Accept: "application/json" } });
  if (!res.ok) throw Object.assign(new Error(`server loader ${res.status}`), { status: res.status });
  return res.json();
}

/** Warms a route's data on hover of its menu item. */
export function prefetchRoute(route: string): void {
  void swr()
    .then(({ preload }) => preload(loaderKey(route), () => fetchServerLoader(route, new URL(withBase("/" + route), window.location.origin).href)))
    .catch(() => undefined);
}

/** Re-reads a route's data (the tab bar's refresh). */
export async function refreshRoute(route: string): Promise<unknown> {
  const { mutate } = await swr();
  return mutate(loaderKey(route), fetchServerLoader(route));
}
