"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { BASE_PATH } from "@/lib/client/base-path";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { deleteNewsAction, publishNewsAction, unpublishNewsAction } from "@/lib/news/admin-actions";
import type { NewsMove, NewsPhase } from "@/lib/news/schemas";
import { newsPath } from "@/lib/news/slug";
import type { UploadRule } from "@/lib/uploads/formats";
import own from "./news-admin.module.css";

// A row's moves: only those the phase table allows (the service refuses the rest anyway).
// Publishing, unpublishing and deleting ask first; editing and scheduling open their forms,
// which load with their own chunks on first click. "View" opens the public article.
const NewsForm = antdDynamic(() => import("./news-form").then((m) => m.NewsForm));
const ScheduleDialog = antdDynamic(() => import("./news-schedule-dialog").then((m) => m.NewsScheduleDialog));

export type NewsRowView = { id: number; slug: string; title: string; phase: NewsPhase; moves: readonly NewsMove[]; plannedMinute: string | null };

export function NewsRowActions({ row, imageRule }: { row: NewsRowView; imageRule: UploadRule }) {
  const t = useTranslations("NewsAdmin.actions");
  const router = useRouter();
  const [dialog, setDialog] = useState<"edit" | "schedule" | null>(null);
  const [pending, start] = useTransition();
  const title = row.title;
  const can = (m: NewsMove) => row.moves.includes(m);

  const run = (move: "publish" | "unpublish" | "delete") =>
    start(async () => {
      const ok = await confirmDialog({ title: t(`${move}Title`, { title }), content: t(`${move}Text`), okText: t(move), cancelText: t("cancel"), danger: move !== "publish" });
      if (!ok) return;
      const action = move === "publish" ? publishNewsAction : move === "unpublish" ? unpublishNewsAction : deleteNewsAction;
      const res = await action({ id: row.id }).catch(() => null);
      if (!res) return void toast("error", t("failed"));
      if (!res.ok) {
        actionFailed(res);
        router.refresh();
        return;
      }
      toast("success", <span data-testid="news-admin-done">{t(`done.${move}`, { title })}</span>);
      router.refresh();
    });

  return (
    <div className={own.actions} data-testid="news-admin-actions">
      {can("edit") && (
        <button type="button" className={own.act} disabled={pending} onClick={() => setDialog("edit")} data-testid="news-edit">
          {t("edit")}
        </button>
      )}
      {can("publish") && (
        <button type="button" className={own.act} disabled={pending} onClick={() => run("publish")} data-testid="news-publish">
          {t("publish")}
        </button>
      )}
      {can("schedule") && (
        <button type="button" className={own.act} disabled={pending} onClick={() => setDialog("schedule")} data-testid="news-schedule">
          {row.phase === "scheduled" ? t("reschedule") : t("schedule")}
        </button>
      )}
      {can("unpublish") && (
        <button type="button" className={`${own.act} ${own.danger}`} disabled={pending} onClick={() => run("unpublish")} data-testid="news-unpublish">
          {t("unpublish")}
        </button>
      )}
      {can("delete") && (
        <button type="button" className={`${own.act} ${own.danger}`} disabled={pending} onClick={() => run("delete")} data-testid="news-delete">
          {t("delete")}
        </button>
      )}
      {row.phase === "published" && (
        <a className={own.act} href={`${BASE_PATH}/${newsPath(row.id, row.slug)}`} target="_blank" rel="noopener" data-testid="news-view">
          {t("view")}
        </a>
      )}
      {dialog === "edit" && (
        <NewsForm
          target={{ id: row.id, title }}
          imageRule={imageRule}
          onClose={(saved) => {
            setDialog(null);
            if (saved) router.refresh();
          }}
        />
      )}
      {dialog === "schedule" && (
        <ScheduleDialog
          id={row.id}
          title={title}
          initial={row.plannedMinute}
          onClose={(done) => {
            setDialog(null);
            if (done) router.refresh();
          }}
        />
      )}
    </div>
  );
}
