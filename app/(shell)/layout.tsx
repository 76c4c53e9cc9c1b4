import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppRoot } from "@/components/providers/app-root";
import { AppShell } from "@/components/shell/app-shell";
import { canOpenRoute, getMenuTree } from "@/lib/access/menus";
import { getViewer } from "@/lib/auth/viewer";
import { implementedRoutes } from "@/lib/routes";
import { toShellViewer } from "@/lib/shell/shell-viewer";

// Every signed-in screen renders inside this layout: header, side menu, tab bar.
export default async function ShellLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  const here = (await headers()).get("x-pathname") ?? "/";
  if (!viewer) redirect(`/system/login?callbackUrl=${encodeURIComponent(here)}`);
  // Checked here as well as in each page: the page streams behind loading.tsx, and only a
  // refusal before streaming starts can answer HTTP 403.
  const route = here.split("?")[0].replace(/^\/+|\/+$/g, "");
  if (implementedRoutes.has(route) && !(await canOpenRoute(viewer, route))) forbidden();
  const menu = await getMenuTree(viewer);
  return (
    <AppRoot>
      {(locale) => (
        <AppShell locale={locale} viewer={toShellViewer(viewer)} menu={menu}>
          {children}
        </AppShell>
      )}
    </AppRoot>
  );
}
