import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { httpGatewayConfig, httpSender } from "./http-sender";
import { outboxSender } from "./outbox-sender";
import type { SmsRequest, SmsSender } from "./types";

export type { SmsRequest, SmsSender } from "./types";

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
  await db().smsMessage.create({
    data: { phone: message.phone, scene: message.scene, content: message.content.slice(0, 500), sender: sender.name, status: error ? "FAILED" : "SENT", error },
  });
  return { ok: !error };
}
