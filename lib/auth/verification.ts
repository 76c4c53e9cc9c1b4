import "server-only";
import type { Tx } from "@/lib/core/tx";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import type { VerificationScene } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/config";
import { renderMessage } from "@/lib/messages/templates";
import { sendSms, type SmsSender } from "@/lib/sms";

// Verification codes: random digits, stored as a keyed hash,
// short-lived, single use, a few checks, and rate limits per phone and per IP that hold under
// concurrent requests (an advisory lock per phone and per IP serialises the check-then-insert).

export type SendRefusal = "TOO_SOON" | "PHONE_LIMIT" | "IP_LIMIT";
/** What the client learns: sent (or, unknowingly to it, skipped) or refused, and the seconds until
 * the next request is possible. Identical for registered and unknown phones. */
export type SendResult = { ok: true; resendAfter: number } | { ok: false; reason: SendRefusal; resendAfter: number };
export type CheckFailure = "CODE_INVALID" | "CODE_EXPIRED" | "CODE_EXHAUSTED";

type Ctx = { ip: string | null; now?: Date };

const pepper = () => process.env.NEXTAUTH_SECRET || "dealer-platform-dev-pepper";
export const hashCode = (phone: string, code: string) => createHmac("sha256", pepper()).update(`${phone}:${code}`).digest("hex");

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function generateCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

/** Whether a code to this phone in this scene is actually delivered (the caller never learns). */
async function deliverable(phone: string, scene: VerificationScene): Promise<boolean> {
  // RESET_PASSWORD: only registered phones get a message. REGISTER: every phone does; a taken
  // number is refused only after its code is proven (lib/auth/accounts.ts), so only the phone's
  // owner learns it is taken.
  // CHANGE_PHONE: the same as REGISTER; a number someone else holds is refused after the code.
  if (scene === "REGISTER" || scene === "CHANGE_PHONE") return true;
  return !!(await db().user.findUnique({ where: { phone }, select: { id: true } }));
}

/**
 * Issues a code for phone + scene. The row is written for unknown phones too, so they count
 * toward every limit; `deliver` sends the SMS and is meant to run after the response is sent
 * (Next's `after()`), so a registered and an unknown phone answer in the same time.
 */
export async function issueVerificationCode(
  input: { phone: string; scene: VerificationScene; locale?: Locale; template?: (code: string, minutes: number) => string },
  ctx: Ctx,
  sender?: SmsSender,
): Promise<{ result: SendResult; deliver: () => Promise<void> }> {
  const now = ctx.now ?? new Date();
  const [length, lifetime, resendSeconds, perPhone, perIp] = await Promise.all([
    variable("sms.codeLength"),
    variable("sms.codeLifetimeMinutes"),
    variable("sms.resendSeconds"),
    variable("sms.maxPerPhonePerHour"),
    variable("sms.maxPerIpPerHour"),
  ]);
  const real = await deliverable(input.phone, input.scene);
  const code = generateCode(length);
  const hourAgo = new Date(now.getTime() - 3600_000);

  const result = await db().$transaction(async (tx: Tx): Promise<SendResult> => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(1001, hashtext(${input.phone}))`;
    if (ctx.ip) await tx.$executeRaw`SELECT pg_advisory_xact_lock(1002, hashtext(${ctx.ip}))`;
    const last = await tx.verificationCode.findFirst({ where: { phone: input.phone, scene: input.scene }, orderBy: { createdAt: "desc" }, select: { createdAt: true } });
    const wait = last ? Math.ceil((last.createdAt.getTime() + resendSeconds * 1000 - now.getTime()) / 1000) : 0;
    if (wait > 0) return { ok: false, reason: "TOO_SOON", resendAfter: wait };
    const byPhone = await tx.verificationCode.findMany({
      where: { phone: input.phone, createdAt: { gt: hourAgo } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
      take: perPhone,
    });
    if (byPhone.length >= perPhone) return { ok: false, reason: "PHONE_LIMIT", resendAfter: secondsUntilHourAfter(byPhone[0].createdAt, now) };
    if (ctx.ip) {
      const byIp = await tx.verificationCode.findMany({
        where: { ip: ctx.ip, createdAt: { gt: hourAgo } },
        orderBy: { createdAt: "asc" },
        select: { createdAt: true },
        take: perIp,
      });
      if (byIp.length >= perIp) return { ok: false, reason: "IP_LIMIT", resendAfter: secondsUntilHourAfter(byIp[0].createdAt, now) };
    }
    await tx.verificationCode.create({
      data: {
        phone: input.phone,
        scene: input.scene,
        ip: ctx.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetime * 60_000),
        // An unknown phone gets a row no code can match (the digits are never kept or sent).
        codeHash: real ? hashCode(input.phone, code) : hashCode(input.phone, `unmatchable:${generateCode(12)}`),
      },
    });
    return { ok: true, resendAfter: resendSeconds };
  });

  const deliver = async () => {
    if (!result.ok || !real) return;
    const params = { code, minutes: String(lifetime) };
    // The template of system/messageSetting; switched off or deleted, the built-in wording.
    const rendered = await renderMessage(CODE_EVENT[input.scene], "SMS", input.locale ?? "en-US", params).catch(() => null);
    const content = rendered?.content ?? (input.template ?? defaultTemplate)(code, lifetime);
    await sendSms({ phone: input.phone, scene: input.scene, content, params }, sender);
  };
  return { result, deliver };
}

const CODE_EVENT = {
  REGISTER: "verification.register",
  RESET_PASSWORD: "verification.resetPassword",
  CHANGE_PHONE: "verification.changePhone",
} as const satisfies Record<VerificationScene, string>;

const defaultTemplate = (code: string, minutes: number) => `Your Dealer Platform verification code is ${code}. It expires in ${minutes} minutes.`;

function secondsUntilHourAfter(oldest: Date, now: Date): number {
  return Math.max(1, Math.ceil((oldest.getTime() + 3600_000 - now.getTime()) / 1000));
}

/**
 * Checks a code inside the caller's transaction and, when right, marks it used there, so the
 * change it authorises and its consumption commit together. Only the newest code of phone +
 * scene counts. Every entry reserves one of sms.maxChecks with a conditional UPDATE before the
 * code is compared (the caller must let its transaction commit on a wrong code: return the
 * failure, do not throw), so simultaneous guesses cannot compare more than sms.maxChecks
 * codes; after that the code is dead.
 */
export async function consumeVerificationCode(
  tx: Tx,
  input: { phone: string; scene: VerificationScene; code: string },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: CheckFailure }> {
  const maxChecks = await variable("sms.maxChecks");
  const row = await tx.verificationCode.findFirst({ where: { phone: input.phone, scene: input.scene }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  if (!row || row.consumedAt) return { ok: false, reason: "CODE_INVALID" };
  if (row.attempts >= maxChecks) return { ok: false, reason: "CODE_EXHAUSTED" };
  if (row.expiresAt <= now) return { ok: false, reason: "CODE_EXPIRED" };
  const reserved = await tx.verificationCode.updateManyAndReturn({
    where: { id: row.id, attempts: { lt: maxChecks } },
    data: { attempts: { increment: 1 } },
    select: { attempts: true },
  });
  if (!reserved.length) return { ok: false, reason: "CODE_EXHAUSTED" };
  if (!sameHash(row.codeHash, hashCode(input.phone, input.code))) return { ok: false, reason: reserved[0].attempts < maxChecks ? "CODE_INVALID" : "CODE_EXHAUSTED" };
  // Conditional update: of two concurrent uses of one code, exactly one wins.
  const used = await tx.verificationCode.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: now } });
  return used.count ? { ok: true } : { ok: false, reason: "CODE_INVALID" };
}
