import { withBase } from "./base-path";

// Route server loader (spec section 7): GET {base}/__serverLoader?route=&url= with credentials,
// kept per route in SWR's cache. SWR itself loads on first use (a tab's refresh), not with the
// page. A menu hover does not call it: it prefetches the screen itself (components/shell/side-nav.tsx).
export const loaderKey = (route: string) => ["serverLoader", route] as const;
const swr = () => import("swr");

export async function fetchServerLoader(route: string, url = window.location.href): Promise<unknown> {
  const q = new URLSearchParams({ route, url });
  const res = await fetch(withBase(`/__serverLoader?${q}`), { credentials: "include", headers: { Accept: "application/json" } });
  if (!res.ok) throw Object.assign(new Error(`server loader ${res.status}`), { status: res.status });
  return res.json();
}

/** Re-reads a route's data (the tab bar's refresh). */
export async function refreshRoute(route: string): Promise<unknown> {
  const { mutate } = await swr();
  return mutate(loaderKey(route), fetchServerLoader(route));
}
