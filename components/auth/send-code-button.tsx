"use client";

import { Button } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";
import { sendCodeAction } from "@/lib/auth/account-actions";

/**
 * "Send code" with the resend countdown. The server says how many seconds to wait (after a
 * send and after a refusal alike); the button stays disabled and counts down until then.
 */
export function SendCodeButton({
  scene,
  phone,
  validatePhone,
  onResult,
}: {
  scene: "REGISTER" | "RESET_PASSWORD";
  phone: string;
  /** Returns an error message for the phone field, or null when it can be sent to. */
  validatePhone: () => string | null;
  onResult: (r: { ok: true } | { ok: false; message: string; field?: "phone" }) => void;
}) {
  const t = useTranslations("VerificationCode");
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [pending, start] = useTransition();
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [until]);

  const send = () => {
    if (validatePhone()) return;
    start(async () => {
      try {
        const res = await sendCodeAction({ phone, scene });
        if (!res.ok) return onResult({ ok: false, message: res.message, field: res.fieldErrors?.phone ? "phone" : undefined });
        setNow(Date.now());
        setUntil(Date.now() + res.data.resendAfter * 1000);
        onResult(res.data.sent ? { ok: true } : { ok: false, message: res.data.message ?? "" });
      } catch {
        onResult({ ok: false, message: t("errors.TOO_SOON", { seconds: 60 }) });
      }
    });
  };

  return (
    <Button onClick={send} disabled={left > 0} loading={pending} data-testid="send-code" style={{ flex: "none", minWidth: 128 }}>
      {left > 0 ? t("resend", { seconds: left }) : t("send")}
    </Button>
  );
}
