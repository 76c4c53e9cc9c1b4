"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { subscribeRoute } from "@/lib/client/route-events";

/** A thin progress bar from a link click until the new route renders. */
export function NavProgress() {
  const t = useTranslations("App");
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const unsubscribe = subscribeRoute((ev) => {
      clearInterval(timer);
      if (ev.type === "start") {
        setWidth(10);
        timer = setInterval(() => setWidth((w) => (w === null ? null : Math.min(90, w + (90 - w) * 0.1))), 200);
      } else {
        setWidth(100);
        setTimeout(() => setWidth(null), 250);
      }
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  if (width === null) return null;
  return (
    <div
      className="nav-progress"
      style={{ width: `${width}%`, opacity: width >= 100 ? 0 : 1 }}
      role="progressbar"
      aria-label={t("loadingPage")}
      aria-valuenow={Math.round(width)}
    />
  );
}
