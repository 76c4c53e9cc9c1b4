// GET /customerWeb/__serverLoader?route=<route id>&url=<current url> (rewritten here; spec
// section 7): the same loader the route's page renders from, as JSON. Errors answer like the
// rest of the API (lib/api/handler.ts): { code, message }.
import { canOpenRoute } from "@/lib/access/menus";
import { apiRoute } from "@/lib/api/handler";
import { ForbiddenError } from "@/lib/auth/viewer";
import { NotFoundError } from "@/lib/errors";
import { loaderFor } from "@/lib/server-loaders";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null }, async ({ req, viewer }) => {
  const route = (req.nextUrl.searchParams.get("route") ?? "").replace(/^\/+|\/+$/g, "");
  const loader = loaderFor(route);
  if (!loader) throw new NotFoundError();
  if (!(await canOpenRoute(viewer, route))) throw new ForbiddenError(route);

  // Only the same origin's URLs; anything else is read as the route's own path.
  let url: URL;
  try {
    url = new URL(req.nextUrl.searchParams.get("url") ?? "", req.nextUrl.origin);
    if (url.origin !== req.nextUrl.origin) throw new Error("foreign origin");
  } catch {
    url = new URL(`/customerWeb/${route}`, req.nextUrl.origin);
  }
  return { route, data: await loader(viewer, url) };
});
