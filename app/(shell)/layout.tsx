import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppRoot } from "@/components/providers/app-root";
import { AppShell } from "@/components/shell/app-shell";
import { getMenuTree } from "@/lib/access/menus";
import { getViewer } from "@/lib/auth/viewer";
import { toShellViewer } from "@/lib/shell/shell-viewer";

// Every signed-in screen renders inside this layout: header, side menu, tab bar.
export default async function ShellLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  if (!viewer) {
    const here = (await headers()).get("x-pathname") ?? "/";
    redirect(`/system/login?callbackUrl=${encodeURIComponent(here)}`);
  }
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
