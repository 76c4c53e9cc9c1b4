import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { httpGatewayConfig, httpSender } from "./http-sender";
import { maskAfter, maskCode, maskSpentCodesNow } from "./mask";
import { outboxSender } from "./outbox-sender";
import type { SmsRequest, SmsSender } from "./types";

export type { SmsRequest, SmsSender } from "./types";

/** A code whose message names no lifetime is masked after this many minutes. */
const DEFAULT_CODE_MINUTES = 10;

/** SMS_SENDER=outbox (default) | http. */
export function configuredSender(env: Record<string, string | undefined> = process.env): SmsSender {
  return env.SMS_SENDER === "http" ? httpSender(httpGatewayConfig(env)) : outboxSender;
}

/**
 * Delivers one message and records it in SmsMessage (SENT or FAILED) whatever the sender.
 * Never throws: a failed delivery is recorded and logged (without phone digits or content),
 * and the person may request another code.
 */
export async function sendSms(message: SmsRequest, sender: SmsSender = configuredSender()): Promise<{ ok: boolean }> {
  let error: string | null = null;
  try {
    await sender.transmit(message);
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    log.warn("sms delivery failed", { sender: sender.name, scene: message.scene, error });
  }
  // The code is masked in what is stored (the rest of the text kept), except where the outbox
  // is how it reaches the person: there until it expires or is used (lib/sms/mask.ts).
  const code = message.params.code;
  const masked = maskCode(message.content, code).slice(0, 500);
  const live = !!code && !!sender.outbox && !error;
  const maskAt = live ? new Date(Date.now() + (Number(message.params.minutes) || DEFAULT_CODE_MINUTES) * 60_000) : null;
  await db().smsMessage.create({
    data: {
      // The application's clock, as the code's own times: mask.ts compares the two.
      createdAt: new Date(),
      phone: message.phone,
      scene: message.scene,
      content: live ? message.content.slice(0, 500) : masked,
      maskedContent: live ? masked : null,
      maskAt,
      sender: sender.name,
      status: error ? "FAILED" : "SENT",
      error,
    },
  });
  if (code) {
    // A new code replaces the phone's older ones: their messages are masked now.
    await maskSpentCodesNow();
    if (maskAt) maskAfter(maskAt);
  }
  return { ok: !error };
}
