// GET /customerWeb/__serverLoader?route=<route id>&url=<current url> (rewritten here; spec
// section 7): the same loader the route's page renders from, as JSON.
import { NextResponse, type NextRequest } from "next/server";
import { canOpenRoute } from "@/lib/access/menus";
import { getViewer } from "@/lib/auth/viewer";
import { errorFields, log } from "@/lib/log";
import { loaderFor } from "@/lib/server-loaders";

export const dynamic = "force-dynamic";

const json = (status: number, body: unknown) => NextResponse.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

export async function GET(req: NextRequest) {
  const route = (req.nextUrl.searchParams.get("route") ?? "").replace(/^\/+|\/+$/g, "");
  const loader = loaderFor(route);
  if (!loader) return json(404, { error: "NOT_FOUND", route });
  const viewer = await getViewer();
  if (!viewer) return json(401, { error: "UNAUTHORIZED" });
  if (!(await canOpenRoute(viewer, route))) return json(403, { error: "FORBIDDEN" });

  // Only the same origin's URLs; anything else is read as the route's own path.
  let url: URL;
  try {
    url = new URL(req.nextUrl.searchParams.get("url") ?? "", req.nextUrl.origin);
    if (url.origin !== req.nextUrl.origin) throw new Error("foreign origin");
  } catch {
    url = new URL(`/customerWeb/${route}`, req.nextUrl.origin);
  }
  try {
    return json(200, { route, data: await loader(viewer, url) });
  } catch (err) {
    const requestId = req.headers.get("x-request-id");
    log.error("server loader failed", { route, requestId, ...errorFields(err) });
    return json(500, { error: "INTERNAL", requestId });
  }
}
