import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { captureSender, issueAndRead, randomIp, randomPhone } from "@/lib/test/accounts";
import { makeUser } from "@/lib/test/factories";
import { consumeVerificationCode, issueVerificationCode } from "./verification";

const check = (phone: string, code: string, now?: Date, scene: "REGISTER" | "RESET_PASSWORD" = "REGISTER") =>
  db().$transaction((tx) => consumeVerificationCode(tx, { phone, scene, code }, now));

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

afterEach(() => vi.restoreAllMocks());

describe("verification codes", () => {
  it("are 6 random digits, stored only as a hash, and recorded in the outbox", async () => {
    const phone = randomPhone();
    const { result, code } = await issueAndRead(phone, "REGISTER");
    expect(result).toEqual({ ok: true, resendAfter: 60 });
    expect(code).toMatch(/^\d{6}$/);
    const row = await db().verificationCode.findFirstOrThrow({ where: { phone } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);
    const sms = await db().smsMessage.findMany({ where: { phone } });
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ scene: "REGISTER", sender: "test", status: "SENT" });
  });

  it("accept the right code once: a second use fails", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER");
    expect(await check(phone, code!)).toEqual({ ok: true });
    expect(await check(phone, code!)).toEqual({ ok: false, reason: "CODE_INVALID" });
  });

  it("expire after 5 minutes", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER", { now: minutesAgo(5.1) });
    expect(await check(phone, code!)).toEqual({ ok: false, reason: "CODE_EXPIRED" });
    // Within the lifetime the same code would have passed.
    const fresh = randomPhone();
    const again = await issueAndRead(fresh, "REGISTER", { now: minutesAgo(4.9) });
    expect(await check(fresh, again.code!)).toEqual({ ok: true });
  });

  it("are dead after 5 wrong entries: the 6th check fails even with the right code", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER");
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await check(phone, wrong)) as { ok: false; reason: string });
    expect(answers.map((a) => a.reason)).toEqual(["CODE_INVALID", "CODE_INVALID", "CODE_INVALID", "CODE_INVALID", "CODE_EXHAUSTED"]);
    expect(await check(phone, code!)).toEqual({ ok: false, reason: "CODE_EXHAUSTED" });
    expect((await db().verificationCode.findFirstOrThrow({ where: { phone } })).consumedAt).toBeNull();
  });

  it("compare at most 5 entries however many arrive at once", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER");
    const wrong = Array.from({ length: 8 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all([...wrong, code!].map((c) => check(phone, c)));
    // At most 5 entries are compared (each reserves an attempt first). The right code passes only
    // if it is among them; once it has, the entries still to come find the code used and answer
    // CODE_INVALID without a comparison. If it is not, the 5th comparison kills the code and
    // everything after answers CODE_EXHAUSTED.
    const invalid = answers.filter((a) => !a.ok && a.reason === "CODE_INVALID").length;
    const exhausted = answers.filter((a) => !a.ok && a.reason === "CODE_EXHAUSTED").length;
    const passed = answers.filter((a) => a.ok).length;
    expect(invalid + exhausted + passed).toBe(answers.length);
    expect(passed).toBeLessThanOrEqual(1);
    const row = await db().verificationCode.findFirstOrThrow({ where: { phone } });
    expect(row.attempts).toBeLessThanOrEqual(5);
    if (passed) expect(row.consumedAt).not.toBeNull();
    else {
      expect(row.consumedAt).toBeNull();
      expect(invalid).toBeLessThanOrEqual(4);
      expect(exhausted).toBeGreaterThanOrEqual(answers.length - 4);
    }
  });

  it("belong to their scene: a registration code does not reset a password", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER");
    expect(await check(phone, code!, undefined, "RESET_PASSWORD")).toEqual({ ok: false, reason: "CODE_INVALID" });
  });

  it("cannot be re-sent within 60 seconds, and say how long to wait", async () => {
    const phone = randomPhone();
    const ip = randomIp();
    const t0 = minutesAgo(10);
    expect((await issueAndRead(phone, "REGISTER", { ip, now: t0 })).result.ok).toBe(true);
    const early = await issueAndRead(phone, "REGISTER", { ip, now: new Date(t0.getTime() + 45_000) });
    expect(early.result).toEqual({ ok: false, reason: "TOO_SOON", resendAfter: 15 });
    expect(early.code).toBeNull();
    expect((await issueAndRead(phone, "REGISTER", { ip, now: new Date(t0.getTime() + 61_000) })).result.ok).toBe(true);
  });

  it("refuse the 6th send to one phone within an hour (any scene, any IP)", async () => {
    const phone = randomPhone();
    const start = minutesAgo(50);
    for (let i = 0; i < 5; i++) {
      const r = await issueAndRead(phone, i % 2 ? "RESET_PASSWORD" : "REGISTER", { now: new Date(start.getTime() + i * 2 * 60_000) });
      expect(r.result.ok, `send ${i + 1}`).toBe(true);
    }
    const sixth = await issueAndRead(phone, "REGISTER", { now: new Date(start.getTime() + 12 * 60_000) });
    expect(sixth.result).toMatchObject({ ok: false, reason: "PHONE_LIMIT" });
    expect(sixth.code).toBeNull();
    // An hour after the first send, one more is allowed.
    expect((await issueAndRead(phone, "REGISTER", { now: new Date(start.getTime() + 61 * 60_000) })).result.ok).toBe(true);
  });

  it("refuse the 6th request from one IP within an hour", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await issueAndRead(randomPhone(), "REGISTER", { ip })).result.ok).toBe(true);
    const sixth = await issueAndRead(randomPhone(), "REGISTER", { ip });
    expect(sixth.result).toMatchObject({ ok: false, reason: "IP_LIMIT" });
    expect(sixth.code).toBeNull();
  });

  it("hold their limits under concurrent requests", async () => {
    const ip = randomIp();
    const results = await Promise.all(Array.from({ length: 12 }, () => issueAndRead(randomPhone(), "REGISTER", { ip })));
    expect(results.filter((r) => r.result.ok)).toHaveLength(5);
  });

  it("answer a password reset for an unknown phone exactly as for a registered one, without sending", async () => {
    const known = randomPhone();
    const user = await makeUser();
    await db().user.update({ where: { id: user.id }, data: { phone: known } });
    const unknown = randomPhone();
    const a = await issueAndRead(known, "RESET_PASSWORD");
    const b = await issueAndRead(unknown, "RESET_PASSWORD");
    expect(b.result).toEqual(a.result);
    expect(a.code).toMatch(/^\d{6}$/);
    expect(b.code).toBeNull();
    expect(await db().smsMessage.count({ where: { phone: unknown } })).toBe(0);
    expect(await db().smsMessage.count({ where: { phone: known } })).toBe(1);
    // The unknown phone's request still counts toward its limits.
    expect(await db().verificationCode.count({ where: { phone: unknown } })).toBe(1);
    expect((await issueAndRead(unknown, "RESET_PASSWORD")).result).toMatchObject({ ok: false, reason: "TOO_SOON" });
    // And no code can pass for it.
    for (const guess of ["000000", "123456"]) expect((await check(unknown, guess, undefined, "RESET_PASSWORD")).ok).toBe(false);
  });

  it("never write the code to the logs, also when delivery fails", async () => {
    const lines: string[] = [];
    for (const m of ["log", "info", "warn", "error"] as const) vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const phone = randomPhone();
    const { sender, sent } = captureSender(true);
    const { deliver } = await issueVerificationCode({ phone, scene: "REGISTER" }, { ip: randomIp() }, sender);
    await deliver();
    vi.restoreAllMocks();
    expect(sent).toHaveLength(1);
    expect(lines.join("\n")).toContain("sms delivery failed"); // the failure is logged…
    expect(lines.join("\n")).not.toContain(sent[0].code); // …without the code
    expect(lines.join("\n")).not.toContain(phone);
    const row = await db().smsMessage.findFirstOrThrow({ where: { phone } });
    expect(row).toMatchObject({ status: "FAILED", error: "gateway answered HTTP 503" });
  });
});
