"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";

/** Server-side lists: filters and paging live in the query string; changing them re-renders
 * the page on the server (the list's one source of truth, shareable as a link). */
export function useListQuery() {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, start] = useTransition();
  const go = (params: Record<string, string | number | null | undefined>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
    const qs = q.toString();
    start(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  return { go, pending };
}
