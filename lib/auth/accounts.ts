import "server-only";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TRegister, TResetPassword } from "./account-schemas";
import { hashPassword } from "./password";
import { assertPasswordAllowed } from "./password-policy";
import { revokeAllSessions } from "./sessions";
import { consumeVerificationCode, type CheckFailure } from "./verification";

// Self-service accounts: registration (a dealer user waiting for approval) and password reset.
// Both prove the phone with a verification code before anything else is decided.

const codeError = (reason: CheckFailure) => new DomainError(`VerificationCode.errors.${reason}`, {}, "code");

/**
 * Creates a PENDING dealer user whose account and name are the phone. A number that already
 * has an account is refused only after its code is proven, so the answer is news only to the
 * phone's owner (registration cannot enumerate accounts).
 */
export async function registerAccount(input: TRegister, now = new Date()): Promise<{ account: string }> {
  await assertPasswordAllowed(input.password, [input.phone]);
  const passwordHash = await hashPassword(input.password);
  const out = await db()
    .$transaction(async (tx) => {
      const checked = await consumeVerificationCode(tx, { phone: input.phone, scene: "REGISTER", code: input.code }, now);
      if (!checked.ok) return checked;
      const taken = await tx.user.findFirst({ where: { OR: [{ phone: input.phone }, { account: input.phone }] }, select: { id: true } });
      if (taken) return { ok: false as const, reason: "TAKEN" as const };
      await tx.user.create({ data: { account: input.phone, phone: input.phone, name: input.phone, userType: "DEALER", status: "PENDING", passwordHash } });
      return { ok: true as const };
    })
    .catch((err: unknown) => {
      // Two registrations of one number at once: the unique index decides, the loser is "taken".
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return { ok: false as const, reason: "TAKEN" as const };
      throw err;
    });
  if (!out.ok) throw out.reason === "TAKEN" ? new DomainError("Register.errors.unavailable", {}, "phone") : codeError(out.reason);
  return { account: input.phone };
}

/**
 * Sets a new password for the user with this phone, clears the sign-in throttle and signs the
 * user out everywhere (every open session is revoked in the same transaction). An unknown phone never received a code, so it fails the code check
 * exactly like a wrong code.
 */
export async function resetPassword(input: TResetPassword, now = new Date()): Promise<void> {
  await assertPasswordAllowed(input.password, [input.phone]);
  const passwordHash = await hashPassword(input.password);
  const out = await db().$transaction(async (tx) => {
    const checked = await consumeVerificationCode(tx, { phone: input.phone, scene: "RESET_PASSWORD", code: input.code }, now);
    if (!checked.ok) return checked;
    const users = await tx.user.updateManyAndReturn({
      where: { phone: input.phone },
      data: { passwordHash, failedLogins: 0, lockedUntil: null, sessionsValidFrom: now },
      select: { id: true },
    });
    for (const u of users) await revokeAllSessions(u.id, { tx, now });
    return users.length ? { ok: true as const } : { ok: false as const, reason: "CODE_INVALID" as const };
  });
  if (!out.ok) throw codeError(out.reason);
}
