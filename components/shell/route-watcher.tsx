"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect } from "react";
import { emitRoute } from "@/lib/client/route-events";
import { withoutBase } from "@/lib/client/base-path";

function Watcher() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    emitRoute({ type: "change", pathname, search: search ? `?${search}` : "" });
  }, [pathname, search]);

  // A click on an internal link starts a navigation: subscribers show progress and watch time.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || a.target === "_blank" || a.hasAttribute("download") || a.origin !== window.location.origin) return;
      const next = withoutBase(a.pathname) + a.search;
      const current = withoutBase(window.location.pathname) + window.location.search;
      if (next !== current) emitRoute({ type: "start", href: next });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
  return null;
}

/** Broadcasts route changes (spec section 2) to the tab bar, progress bar and watchdog. */
export function RouteWatcher() {
  return (
    <Suspense fallback={null}>
      <Watcher />
    </Suspense>
  );
}
