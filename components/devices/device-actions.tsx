"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import rows from "@/components/ui/row-actions.module.css";
import { blockDeviceAction, signOutMyDeviceAction, unbindDeviceAction, unblockDeviceAction } from "@/lib/devices/actions";
import type { DeviceState } from "@/lib/devices/schemas";

// The device screens' islands: an administrator's unbind, block and unblock on a row of
// system/userEquipment, and a user's "Sign out" of their own device on My account. Each asks
// first, then calls its action and refreshes the server-rendered list.

type Kind = "unbind" | "block" | "unblock";

export function DeviceRowActions({
  id,
  state,
  device,
  account,
  canUnbind,
  canBlock,
}: {
  id: number;
  state: DeviceState;
  device: string;
  account: string;
  canUnbind: boolean;
  canBlock: boolean;
}) {
  const t = useTranslations("Devices");
  const router = useRouter();
  const [pending, start] = useTransition();
  const run = (kind: Kind) =>
    start(async () => {
      const title = { unbind: "confirmUnbind", block: "confirmBlock", unblock: "confirmUnblock" } as const;
      const text = { unbind: "confirmUnbindText", block: "confirmBlockText", unblock: "confirmUnblockText" } as const;
      const ok = await confirmDialog({ title: t(title[kind], { device, account }), content: t(text[kind]), danger: kind !== "unblock", okText: t(kind), cancelText: t("cancel") });
      if (!ok) return;
      const call = { unbind: unbindDeviceAction, block: blockDeviceAction, unblock: unblockDeviceAction }[kind];
      const res = await call({ id });
      if (!res.ok) {
        actionFailed(res);
        router.refresh();
        return;
      }
      toast("success", kind === "unblock" ? t("unblocked") : t(kind === "unbind" ? "unbound" : "blocked", { count: res.data.revokedTokens }));
      router.refresh();
    });
  const label = (kind: Kind) => `${t(kind)} ${device} (${account})`;
  return (
    <div className={rows.actions}>
      {canUnbind && state === "ACTIVE" && (
        <button type="button" className={rows.act} disabled={pending} onClick={() => run("unbind")} aria-label={label("unbind")} data-testid="device-unbind">
          {t("unbind")}
        </button>
      )}
      {canBlock && state !== "BLOCKED" && (
        <button type="button" className={`${rows.act} ${rows.danger}`} disabled={pending} onClick={() => run("block")} aria-label={label("block")} data-testid="device-block">
          {t("block")}
        </button>
      )}
      {canBlock && state === "BLOCKED" && (
        <button type="button" className={rows.act} disabled={pending} onClick={() => run("unblock")} aria-label={label("unblock")} data-testid="device-unblock">
          {t("unblock")}
        </button>
      )}
    </div>
  );
}

export function MyDeviceSignOut({ id, device }: { id: number; device: string }) {
  const t = useTranslations("MyDevices");
  const router = useRouter();
  const [pending, start] = useTransition();
  const go = () =>
    start(async () => {
      const ok = await confirmDialog({ title: t("confirm", { device }), content: t("confirmText"), danger: true, okText: t("signOut"), cancelText: t("cancel") });
      if (!ok) return;
      const res = await signOutMyDeviceAction({ id });
      if (!res.ok) {
        actionFailed(res);
        router.refresh();
        return;
      }
      toast("success", t("signedOut"));
      router.refresh();
    });
  return (
    <button type="button" className={rows.act} disabled={pending} onClick={go} aria-label={t("signOutLabel", { device })} data-testid="my-device-sign-out">
      {t("signOut")}
    </button>
  );
}
