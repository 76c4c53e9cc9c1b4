"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useSelection } from "@/components/list/selection";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import { retryWechatMessagesAction } from "@/lib/wechat/admin-actions";

// The messages tab's islands: Retry on a FAILED row, and Retry on the selected rows. The table
// around them stays server HTML (wechat-message-list.tsx).

function useRetry() {
  const t = useTranslations("WeixinApp");
  const ta = useTranslations("Access");
  const router = useRouter();
  return async (ids: number[]): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t("retry.confirm", { count: ids.length }),
      content: t("retry.confirmHint"),
      okText: t("retry.ok"),
      cancelText: ta("cancel"),
    });
    if (!ok) return false;
    const res = await retryWechatMessagesAction({ ids });
    if (!res.ok) {
      actionFailed(res);
      return false;
    }
    toast("success", t("retry.done", { count: res.data.retried }));
    router.refresh();
    return true;
  };
}

export function WechatRetryButton({ id }: { id: number }) {
  const t = useTranslations("WeixinApp");
  const retry = useRetry();
  const [pending, start] = useTransition();
  return (
    <button type="button" className={styles.button} disabled={pending} onClick={() => start(async () => void (await retry([id])))} data-testid="wechat-retry">
      {t("retry.one")}
    </button>
  );
}

export function WechatRetrySelected() {
  const t = useTranslations("WeixinApp");
  const { selected, set } = useSelection();
  const retry = useRetry();
  const [pending, start] = useTransition();
  return (
    <button
      type="button"
      className={styles.buttonPrimary}
      disabled={!selected.length || pending}
      onClick={() => start(async () => void ((await retry([...selected])) && set([])))}
      data-testid="wechat-retry-selected"
    >
      {t("retry.selected", { count: selected.length })}
    </button>
  );
}
