// Test helpers of the account flows (verification codes, sign-in throttle).
import { randomInt } from "node:crypto";
import { issueVerificationCode } from "@/lib/auth/verification";
import type { SmsSender } from "@/lib/sms";

export const randomPhone = () => `17${String(randomInt(0, 1e9)).padStart(9, "0")}`;
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A sender that keeps what it was asked to deliver, so tests can read the code. */
export function captureSender(fail = false) {
  const sent: { phone: string; code: string; content: string }[] = [];
  const sender: SmsSender = {
    name: "test",
    async transmit(m) {
      sent.push({ phone: m.phone, code: m.params.code, content: m.content });
      if (fail) throw new Error("gateway answered HTTP 503");
    },
  };
  return { sender, sent };
}

export async function issueAndRead(phone: string, scene: "REGISTER" | "RESET_PASSWORD" | "CHANGE_PHONE", opts: { ip?: string; now?: Date } = {}) {
  const { sender, sent } = captureSender();
  const { result, deliver } = await issueVerificationCode({ phone, scene }, { ip: opts.ip ?? randomIp(), now: opts.now }, sender);
  await deliver();
  return { result, code: sent[0]?.code ?? null };
}
