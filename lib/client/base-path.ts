export const BASE_PATH = "/customerWeb";

/** Prefixes a path under the base path for fetch() (Link and router add it themselves). */
export function withBase(path: string): string {
  return BASE_PATH + (path.startsWith("/") ? path : "/" + path);
}

/** Strips the base path from a pathname as the browser sees it. */
export function withoutBase(pathname: string): string {
  return pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) || "/" : pathname;
}
