import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { createUser, resetUserPassword } from "@/lib/system/user-service";
import { issueAndRead, randomPhone } from "@/lib/test/accounts";
import { makeCompany, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import { registerAccount, resetPassword } from "./accounts";
import { loadViewer } from "./viewer";

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );
const weak = { key: "Validation.weakPassword", field: "password" };

describe("weak passwords are refused on the server", () => {
  it("at registration and reset, before the code is used up", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER");
    const err = await rejection(registerAccount({ phone, code: code!, password: "Password1!", password2: "Password1!" }));
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject(weak);
    expect(await registerAccount({ phone, code: code!, password: "Reg#Green-2026", password2: "Reg#Green-2026" })).toEqual({ account: phone });

    const user = await makeUser();
    const resetPhone = randomPhone();
    await db().user.update({ where: { id: user.id }, data: { phone: resetPhone } });
    const reset = await issueAndRead(resetPhone, "RESET_PASSWORD");
    expect(await rejection(resetPassword({ phone: resetPhone, code: reset.code!, password: "12345678", password2: "12345678" }))).toMatchObject(weak);
    await resetPassword({ phone: resetPhone, code: reset.code!, password: "Reset-Green_88", password2: "Reset-Green_88" });
  });

  it("when an administrator creates a user or resets a password", async () => {
    const admin = (await loadViewer((await makeUser({ userType: "ADMIN" })).id, null, nowSeconds()))!;
    const ctx = { userId: admin.userId, companyId: null, requestId: null };
    const company = await makeCompany();
    const input = { account: uid("weak"), name: "Weak", phone: null, userType: "DEALER" as const, organizationId: null, jobId: null, roleIds: [], companyIds: [company.id] };
    expect(await rejection(createUser(admin, ctx, { ...input, password: "Qwerty123!" }))).toMatchObject(weak);
    const created = await createUser(admin, ctx, { ...input, password: "Sh@nghai-Dealer-7" });
    expect(await rejection(resetUserPassword(admin, ctx, { id: created.id, password: "P@ssw0rd!", confirmPassword: "P@ssw0rd!" }))).toMatchObject(weak);
  });
});
