/** A page's searchParams as the URL the route's server loader receives (same parsing for both). */
export function searchUrl(route: string, params: Record<string, string | string[] | undefined>): URL {
  const url = new URL(`http://app.invalid/customerWeb/${route}`);
  for (const [k, v] of Object.entries(params)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) url.searchParams.set(k, first);
  }
  return url;
}
