"use client";

import { BellOutlined } from "@ant-design/icons";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { withBase } from "@/lib/client/base-path";
import styles from "./notification-bell.module.css";

// The header bell: unread count only, in plain markup (it is on every signed-in page, so it
// carries no component library and no SWR). The list loads with its own chunk on first open.
const Panel = dynamic(() => import("./notification-bell-panel").then((m) => m.NotificationPanel), { ssr: false });

const POLL_MS = 60_000;

export function NotificationBell() {
  const t = useTranslations("Notifications");
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    try {
      const res = await fetch(withBase("/api/v1/notifications?limit=0"), { credentials: "include", headers: { Accept: "application/json" } });
      if (res.ok) setUnread(((await res.json()) as { unread: number }).unread);
    } catch {
      // Offline or signed out: keep the last count; the page itself reports the problem.
    }
  }, []);

  useEffect(() => {
    const first = window.setTimeout(refresh, 1500);
    const timer = window.setInterval(() => document.visibilityState === "visible" && void refresh(), POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void refresh();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refresh]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => wrap.current && !wrap.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={styles.wrap} ref={wrap}>
      <button
        type="button"
        className={styles.bell}
        data-testid="notification-bell"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${t("bell")} · ${t("unread", { count: unread })}`}
        title={t("bell")}
        onClick={() => setOpen((o) => !o)}
      >
        <BellOutlined />
        {unread > 0 && (
          <span className={styles.count} data-testid="notification-count" aria-hidden>
            {unread >= 100 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && <Panel onUnread={setUnread} onClose={() => setOpen(false)} />}
    </div>
  );
}
