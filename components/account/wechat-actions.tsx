"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import { setWechatNotifyAction, unbindWechatAction } from "@/lib/wechat/account-actions";
import own from "./account.module.css";

// The WeChat card's islands (components/account/wechat-card.tsx): the channel's switch and Unbind.

export function WechatNotifySwitch({ notify }: { notify: boolean }) {
  const t = useTranslations("MyAccount.wechat");
  const router = useRouter();
  const [pending, start] = useTransition();
  const toggle = () =>
    start(async () => {
      const res = await setWechatNotifyAction({ notify: !notify });
      if (!res.ok) {
        actionFailed(res);
        router.refresh();
        return;
      }
      toast("success", res.data.notify ? t("notifyOn") : t("notifyOff"));
      router.refresh();
    });
  return (
    <label className={own.switchRow}>
      <input type="checkbox" role="switch" checked={notify} disabled={pending} onChange={toggle} aria-checked={notify} data-testid="account-wechat-notify" />
      <span>{t("notify")}</span>
    </label>
  );
}

export function WechatUnbindButton() {
  const t = useTranslations("MyAccount.wechat");
  const router = useRouter();
  const [pending, start] = useTransition();
  const go = () =>
    start(async () => {
      const ok = await confirmDialog({ title: t("confirmUnbind"), content: t("confirmUnbindText"), danger: true, okText: t("unbind"), cancelText: t("cancel") });
      if (!ok) return;
      const res = await unbindWechatAction({});
      if (!res.ok) {
        actionFailed(res);
        router.refresh();
        return;
      }
      toast("success", t("unbound"));
      router.replace("/system/account");
      router.refresh();
    });
  return (
    <button type="button" className={styles.buttonDanger} disabled={pending} onClick={go} data-testid="account-wechat-unbind">
      {t("unbind")}
    </button>
  );
}
