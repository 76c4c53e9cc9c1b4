import "server-only";
import { forbidden, redirect } from "next/navigation";
import { canOpenRoute } from "@/lib/access/menus";
import { getViewer, type Viewer } from "@/lib/auth/viewer";
import type { RouteId } from "@/lib/routes";

/** Every screen's first line: a signed-in viewer whose roles grant this screen, else 403. */
export async function requireScreen(route: RouteId): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/system/login?callbackUrl=${encodeURIComponent("/" + route)}`);
  if (!(await canOpenRoute(viewer, route))) forbidden();
  return viewer;
}

/** A screen of every signed-in user about themselves (My account): no menu grants it. */
export async function requireSignedIn(path: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/system/login?callbackUrl=${encodeURIComponent("/" + path)}`);
  return viewer;
}
