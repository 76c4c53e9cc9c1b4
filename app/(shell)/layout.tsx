import { cookies, headers } from "next/headers";
import { forbidden, notFound, redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppRoot } from "@/components/providers/app-root";
import { AppShell } from "@/components/shell/app-shell";
import { canOpenRoute, getMenuTree } from "@/lib/access/menus";
import { getViewer } from "@/lib/auth/viewer";
import { implementedRoutes } from "@/lib/routes";
import { publicNewsPathFor } from "@/lib/news/public-urls";
import { recordVisible } from "@/lib/shell/record-guards";
import { isMenuFolded, MENU_COOKIE } from "@/lib/shell/menu-layout";
import { toShellViewer } from "@/lib/shell/shell-viewer";

// Every signed-in screen renders inside this layout: header, side menu, tab bar.
export default async function ShellLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  const h = await headers();
  const here = h.get("x-pathname") ?? "/";
  // Public content does not demand sign-in: the news screen sends visitors to the public news.
  if (!viewer) redirect(publicNewsPathFor(here) ?? `/system/login?callbackUrl=${encodeURIComponent(here)}`);
  // Checked here as well as in each page: only a refusal before anything streams can answer
  // HTTP 403, and a page may stream parts of itself behind Suspense.
  const [path, search = ""] = here.split("?");
  const route = path.replace(/^\/+|\/+$/g, "");
  if (implementedRoutes.has(route) && !(await canOpenRoute(viewer, route))) forbidden();
  // Likewise a record at ?id= that is another company's or missing: a real 404 — on a document
  // request only. A server action or refresh re-renders this layout too, and a record the
  // action just hid (a deleted order) must not turn the whole app into a 404; the page shows
  // its own not-found state then.
  const documentRequest = !h.get("rsc") && !h.get("next-action");
  if (documentRequest && !(await recordVisible(viewer, route, search))) notFound();
  const menu = await getMenuTree(viewer);
  const folded = isMenuFolded((await cookies()).get(MENU_COOKIE)?.value);
  return (
    <AppRoot>
      {(locale) => (
        <AppShell locale={locale} viewer={toShellViewer(viewer)} menu={menu} folded={folded}>
          {children}
        </AppShell>
      )}
    </AppRoot>
  );
}
