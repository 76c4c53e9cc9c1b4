"use client";

import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect } from "react";
import useSWR from "swr";
import { withBase } from "@/lib/client/base-path";
import type { NotificationFeed } from "@/lib/mall/notifications/feed";
import styles from "./notification-bell.module.css";

// The bell's list (loaded on first open): the latest ten, opening one marks it read and goes
// to its document; "mark all read" clears the count.
const KEY = "/api/v1/notifications?limit=10";

async function call<T>(path: string, method = "GET"): Promise<T> {
  const res = await fetch(withBase(path), { method, credentials: "include", headers: { Accept: "application/json" } });
  if (!res.ok) throw Object.assign(new Error(`notifications ${res.status}`), { status: res.status });
  return (await res.json()) as T;
}

export function NotificationPanel({ onUnread, onClose }: { onUnread: (n: number) => void; onClose: () => void }) {
  const t = useTranslations("Notifications");
  const format = useFormatter();
  const router = useRouter();
  const { data, error, mutate, isLoading } = useSWR(KEY, (k: string) => call<NotificationFeed>(k), { revalidateOnFocus: false });

  useEffect(() => {
    if (data) onUnread(data.unread);
  }, [data, onUnread]);

  const open = async (id: number, link: string | null, read: boolean) => {
    if (!read) {
      await mutate((d) => d && { ...d, unread: Math.max(0, d.unread - 1), items: d.items.map((i) => (i.id === id ? { ...i, read: true } : i)) }, { revalidate: false });
      void call(`/api/v1/notifications/${id}/read`, "POST").catch(() => undefined);
    }
    if (link) {
      onClose();
      router.push("/" + link.replace(/^\/+/, ""));
    }
  };

  const readAll = async () => {
    await call("/api/v1/notifications/read-all", "POST").catch(() => undefined);
    await mutate();
  };

  return (
    <div className={styles.panel} role="dialog" aria-label={t("title")} data-testid="notification-panel">
      <div className={styles.head}>
        <span>{t("title")}</span>
        <button type="button" className={styles.link} onClick={readAll} disabled={!data?.unread} data-testid="notification-read-all">
          {t("markAllRead")}
        </button>
      </div>
      {error ? (
        <div className={styles.note}>
          {t("loadError")}{" "}
          <button type="button" className={styles.link} onClick={() => void mutate()}>
            {t("retry")}
          </button>
        </div>
      ) : isLoading || !data ? (
        <div className={styles.note} aria-busy="true">
          …
        </div>
      ) : data.items.length === 0 ? (
        <div className={styles.note}>{t("empty")}</div>
      ) : (
        <ul className={styles.list}>
          {data.items.map((n) => (
            <li key={n.id}>
              <button type="button" className={styles.item} data-read={n.read} data-testid="notification-item" onClick={() => void open(n.id, n.link, n.read)}>
                <span className={styles.itemTitle}>
                  {!n.read && <span className={styles.dot} aria-label={t("new")} />}
                  {n.title}
                </span>
                <span className={styles.itemContent}>{n.content}</span>
                <span className={styles.time}>{format.dateTime(new Date(n.createdAt), { dateStyle: "medium", timeStyle: "short" })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
