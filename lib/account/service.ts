import "server-only";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { giveBackUserAttempt, lockIfFull, reserveUserAttempt } from "@/lib/auth/credentials";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { consumeVerificationCode } from "@/lib/auth/verification";
import type { Viewer } from "@/lib/auth/viewer";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { sessionHandle } from "./handle";
import type { TChangePassword, TChangePhone, TProfile } from "./schemas";

// My account: what every signed-in user changes about themselves. Each change is one
// transaction with its audit row. The password needs the current one, which is guessed no
// faster than at sign-in: every check reserves an attempt on the same per-user counter
// (lib/auth/credentials.ts), so a stolen session cannot try passwords at will. A new password
// ends every other session of the user at once; this one stays. A new phone proves itself with
// an SMS code first, and a number another account holds is refused only after that proof.

const mine = (viewer: Viewer) => ({ id: viewer.userId });

export async function updateProfile(viewer: Viewer, ctx: AuditCtx, input: TProfile): Promise<{ name: string }> {
  return db().$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: mine(viewer), select: { name: true } });
    await tx.user.update({ where: mine(viewer), data: { name: input.name } });
    await audit(tx, ctx, "User", viewer.userId, "profile", before, { name: input.name });
    return { name: input.name };
  });
}

export async function changePhone(viewer: Viewer, ctx: AuditCtx, input: TChangePhone, now = new Date()): Promise<{ phone: string }> {
  const out = await db()
    .$transaction(async (tx) => {
      const checked = await consumeVerificationCode(tx, { phone: input.phone, scene: "CHANGE_PHONE", code: input.code }, now);
      if (!checked.ok) return checked;
      const before = await tx.user.findUniqueOrThrow({ where: mine(viewer), select: { phone: true } });
      if (before.phone === input.phone) return { ok: false as const, reason: "SAME" as const };
      const taken = await tx.user.findFirst({ where: { phone: input.phone, NOT: mine(viewer) }, select: { id: true } });
      if (taken) return { ok: false as const, reason: "TAKEN" as const };
      await tx.user.update({ where: mine(viewer), data: { phone: input.phone } });
      await audit(tx, ctx, "User", viewer.userId, "phone", { phone: before.phone }, { phone: input.phone });
      return { ok: true as const };
    })
    .catch((err: unknown) => {
      // Two accounts taking one number at once: the unique index decides.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return { ok: false as const, reason: "TAKEN" as const };
      throw err;
    });
  if (out.ok) return { phone: input.phone };
  if (out.reason === "TAKEN") throw new DomainError("MyAccount.errors.phoneTaken", {}, "phone");
  if (out.reason === "SAME") throw new DomainError("MyAccount.errors.phoneSame", {}, "phone");
  throw new DomainError(`VerificationCode.errors.${out.reason}`, {}, "code");
}

/**
 * Checks the current password against the sign-in throttle, then sets the new one and revokes
 * every other open session, in one transaction that also requires the password to be the one
 * just checked (two changes at once: the second is refused, not lost). Answers how many other
 * sessions ended.
 */
export async function changePassword(viewer: Viewer, ctx: AuditCtx, input: TChangePassword, now = new Date()): Promise<{ signedOut: number }> {
  const user = await db().user.findUniqueOrThrow({ where: mine(viewer), select: { account: true, phone: true, name: true, passwordHash: true } });
  const [maxFailures, lockMinutes] = await Promise.all([variable("login.maxFailures"), variable("login.lockMinutes")]);
  if (!(await reserveUserAttempt(viewer.userId, maxFailures, now))) throw new DomainError("MyAccount.errors.locked", {}, "current", 429);
  if (!(await verifyPassword(input.current, user.passwordHash))) {
    await lockIfFull(viewer.userId, maxFailures, lockMinutes, now);
    throw new DomainError("MyAccount.errors.currentWrong", {}, "current");
  }
  await giveBackUserAttempt(viewer.userId);
  if (input.password === input.current) throw new DomainError("MyAccount.errors.passwordSame", {}, "password");
  await assertPasswordAllowed(input.password, [user.account, user.phone, user.name]);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const changed = await tx.user.updateMany({ where: { ...mine(viewer), passwordHash: user.passwordHash }, data: { passwordHash, failedLogins: 0, lockedUntil: null } });
    if (!changed.count) throw new DomainError("MyAccount.errors.changedMeanwhile", {}, "current", 409);
    const others = await tx.userSession.updateMany({
      where: { userId: viewer.userId, revokedAt: null, ...(viewer.sessionId ? { NOT: { id: viewer.sessionId } } : {}) },
      data: { revokedAt: now },
    });
    await audit(tx, ctx, "User", viewer.userId, "password", null, { otherSessionsEnded: others.count });
    return { signedOut: others.count };
  });
}

/** Signs the user out everywhere, this session too (the browser then goes to sign-in). */
export async function signOutEverywhere(viewer: Viewer, ctx: AuditCtx, now = new Date()): Promise<{ signedOut: number }> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.userSession.updateMany({ where: { userId: viewer.userId, revokedAt: null }, data: { revokedAt: now } });
    await audit(tx, ctx, "User", viewer.userId, "signOutEverywhere", null, { sessionsEnded: count });
    return { signedOut: count };
  });
}

/**
 * Ends one other session of the user's (a phone left somewhere), named by its handle (./queries.ts:
 * the page never holds a session's id). Another user's session is not found.
 */
export async function endSession(viewer: Viewer, ctx: AuditCtx, handle: string, now = new Date()): Promise<void> {
  if (viewer.sessionId && sessionHandle(viewer.sessionId) === handle) throw new DomainError("MyAccount.errors.thisSession", {}, "id");
  await db().$transaction(async (tx) => {
    const { count } = await tx.userSession.updateMany({ where: { userId: viewer.userId, id: { startsWith: handle }, revokedAt: null }, data: { revokedAt: now } });
    if (count !== 1) throw new DomainError("MyAccount.errors.sessionGone", {}, "id", 404);
    await audit(tx, ctx, "UserSession", viewer.userId, "end", null, { session: handle });
  });
}
