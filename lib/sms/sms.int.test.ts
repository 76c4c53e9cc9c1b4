import { describe, expect, it } from "vitest";
import { canOpenRoute, getMenuTree } from "@/lib/access/menus";
import { listSmsMessages } from "@/lib/accounts/sms-queries";
import { consumeVerificationCode, issueVerificationCode } from "@/lib/auth/verification";
import { ForbiddenError, loadViewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { randomIp, randomPhone } from "@/lib/test/accounts";
import { makeMenu, makeRole, makeUser, nowSeconds } from "@/lib/test/factories";
import { outboxSender } from "./outbox-sender";
import { sendSms, type SmsSender } from "./index";
import { maskSpentCodes } from "./mask";

// Codes in the SMS outbox (docs/DECISIONS.md, issue 16): whoever reads the outbox screen or a
// backup must not find a code that still works. Gateway messages are stored masked; in outbox
// mode (the outbox is the delivery channel) the stored row is masked once the code expires or
// is used; the screen needs its own permission.

const gateway = () => {
  const sent: string[] = [];
  const sender: SmsSender = { name: "http", transmit: async (m) => void sent.push(m.content) };
  return { sender, sent };
};
const message = (phone: string, code = "955180") => ({
  phone,
  scene: "REGISTER",
  content: `Your Dealer Platform verification code is ${code}. It expires in 5 minutes.`,
  params: { code, minutes: "5" },
});
const rowOf = (phone: string) => db().smsMessage.findFirstOrThrow({ where: { phone }, orderBy: { id: "desc" } });
const url = (phone: string) => new URL(`http://x/customerWeb/system/smsOutbox?phone=${phone}`);

describe("codes in the SMS outbox", () => {
  it("a gateway message is delivered with its code and stored without it, the rest of the text kept", async () => {
    const phone = randomPhone();
    const { sender, sent } = gateway();
    expect(await sendSms(message(phone), sender)).toEqual({ ok: true });
    expect(sent[0]).toContain("955180");
    const row = await rowOf(phone);
    expect(JSON.stringify(row)).not.toContain("955180");
    expect(row.content).toBe("Your Dealer Platform verification code is ******. It expires in 5 minutes.");
    expect(row).toMatchObject({ sender: "http", status: "SENT" });
  });

  it("a failed gateway delivery is stored without the code too", async () => {
    const phone = randomPhone();
    const failing: SmsSender = { name: "http", transmit: async () => Promise.reject(new Error("gateway answered HTTP 503")) };
    expect(await sendSms(message(phone, "123987"), failing)).toEqual({ ok: false });
    expect(JSON.stringify(await rowOf(phone))).not.toContain("123987");
  });

  it("in outbox mode the live code is readable, and the stored row is masked once the code expires", async () => {
    const phone = randomPhone();
    await sendSms(message(phone, "424242"), outboxSender);
    expect((await rowOf(phone)).content).toContain("424242");
    await maskSpentCodes(new Date(Date.now() + 4 * 60_000));
    expect((await rowOf(phone)).content).toContain("424242");
    await maskSpentCodes(new Date(Date.now() + 5 * 60_000 + 1_000));
    const row = await rowOf(phone);
    expect(JSON.stringify(row)).not.toContain("424242");
    expect(row.content).toBe("Your Dealer Platform verification code is ******. It expires in 5 minutes.");
  });

  it("in outbox mode a used code is masked in the database, and so is one a newer code replaced", async () => {
    const used = randomPhone();
    const { deliver } = await issueVerificationCode({ phone: used, scene: "REGISTER" }, { ip: randomIp() }, outboxSender);
    await deliver();
    const code = (await rowOf(used)).content.match(/\d{6}/)![0];
    expect(await db().$transaction((tx) => consumeVerificationCode(tx, { phone: used, scene: "REGISTER", code }))).toEqual({ ok: true });
    await maskSpentCodes();
    expect((await rowOf(used)).content).not.toContain(code);

    const replaced = randomPhone();
    const first = await issueVerificationCode({ phone: replaced, scene: "REGISTER" }, { ip: randomIp(), now: new Date(Date.now() - 120_000) }, outboxSender);
    await first.deliver();
    const old = (await rowOf(replaced)).content.match(/\d{6}/)![0];
    // The message row is written after the code (delivery runs after the response).
    await db().smsMessage.updateMany({ where: { phone: replaced }, data: { createdAt: new Date(Date.now() - 110_000) } });
    const second = await issueVerificationCode({ phone: replaced, scene: "REGISTER" }, { ip: randomIp() }, outboxSender);
    await second.deliver();
    const rows = await db().smsMessage.findMany({ where: { phone: replaced }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(2);
    expect(rows[0].content).not.toContain(old);
    expect(rows[1].content).toMatch(/\d{6}/);
  });

  it("listing the outbox masks expired codes that were not swept yet, in the database", async () => {
    const phone = randomPhone();
    await sendSms(message(phone, "777001"), outboxSender);
    await db().smsMessage.updateMany({ where: { phone }, data: { maskAt: new Date(Date.now() - 1_000) } });
    const admin = await loadViewer((await makeUser({ userType: "ADMIN" })).id, null, nowSeconds());
    const page = await listSmsMessages(admin!, url(phone));
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0].content).not.toContain("777001");
    expect((await rowOf(phone)).content).not.toContain("777001");
  });
});

describe("the SMS outbox screen needs its own permission", () => {
  it("staff granted the screen but not sms:outbox cannot open it nor read its data; with it they can", async () => {
    const screen = await makeMenu({ path: "system/smsOutbox" });
    const button = await makeMenu({ type: "BUTTON", permission: "sms:outbox", parentId: screen.id });
    const without = await loadViewer((await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL", menuIds: [screen.id] })).id] })).id, null, nowSeconds());
    const withIt = await loadViewer(
      (await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL", menuIds: [screen.id, button.id] })).id] })).id,
      null,
      nowSeconds(),
    );
    expect(await canOpenRoute(without!, "system/smsOutbox")).toBe(false);
    await expect(listSmsMessages(without!, url("1"))).rejects.toBeInstanceOf(ForbiddenError);
    expect(JSON.stringify(await getMenuTree(without!))).not.toContain("system/smsOutbox");
    expect(await canOpenRoute(withIt!, "system/smsOutbox")).toBe(true);
    expect((await listSmsMessages(withIt!, url("1"))).rows).toBeDefined();
  });
});
