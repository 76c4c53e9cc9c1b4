import { createHash, randomBytes, randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { chooseSelectOption, confirmModal, expect, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { chooseMany, rowWith, uniq } from "./access-helpers";

// Issue 22: system/client in both languages. An administrator creates a confidential client
// bound to staff, sees its secret once (and only its hash is stored), rotates it with an
// overlap, then disables it, which revokes its tokens. The database is read with Prisma (the
// token is inserted as the OAuth server would, by its SHA-256).

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

const WORDS = {
  "en-US": { title: "API Clients", scope: "Orders — read", rotate: "Make a new secret", disabled: "Disabled" },
  "zh-CN": { title: "客户端管理", scope: "订单 — 只读", rotate: "生成新密钥", disabled: "停用" },
} as const;

async function label(kind: "organization" | "role", zh: boolean): Promise<string> {
  const row =
    kind === "role"
      ? await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { code: true, nameEn: true, nameZh: true } })
      : await db().organization.findFirstOrThrow({ where: { parentId: null }, orderBy: { id: "asc" }, select: { code: true, nameEn: true, nameZh: true } });
  return `${zh ? row.nameZh : row.nameEn} (${row.code})`;
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`system/client: create, see the secret once, rotate, disable (${locale})`, async ({ page, context, loginAs }) => {
    test.setTimeout(120_000);
    const w = WORDS[locale];
    const zh = locale === "zh-CN";
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    const res = await page.goto("system/client");
    expect(res?.status()).toBe(200);
    await waitForShell(page);
    await expect(page.getByTestId("page-title")).toHaveText(w.title);

    // Create: a confidential client-credentials client bound to staff.
    const clientId = uniq("e2e-").toLowerCase();
    const name = `E2E ${clientId}`;
    await page.getByTestId("create").click();
    const drawer = page.getByTestId("client-drawer");
    await expect(drawer).toBeVisible();
    await drawer.locator("#name").fill(name);
    await drawer.locator("#clientId").fill(clientId);
    // A field's select, found by its label's `for` (the field's id), in either language.
    const select = (id: string) =>
      drawer
        .locator(".ant-form-item")
        .filter({ has: page.locator(`label[for="${id}"]`) })
        .locator(".ant-select");
    await chooseMany(page, select("scopes"), [w.scope]);
    await chooseSelectOption(page, select("organizationId"), await label("organization", zh));
    await chooseMany(page, select("roleIds"), [await label("role", zh)]);
    await page.getByTestId("drawer-save").filter({ visible: true }).click();

    // The secret, once.
    const dialog = page.getByTestId("client-secret-value");
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("client-secret-client-id")).toHaveText(clientId);
    const secret = await page.getByTestId("client-secret-value").inputValue();
    expect(secret).toMatch(/^dps_[A-Za-z0-9_-]{43}$/);
    const client = await db().oAuthClient.findUniqueOrThrow({ where: { clientId }, include: { secrets: true, serviceUser: true } });
    expect(client.secrets.map((s) => s.hash)).toEqual([sha256(secret)]);
    expect(client.serviceUser).toMatchObject({ service: true, userType: "STAFF", account: `svc-${clientId}` });
    await page.getByTestId("client-secret-close").click();
    await expect(dialog).toBeHidden();
    const row = rowWith(page, clientId);
    await expect(row).toBeVisible();
    await expect(row.getByTestId("client-secret-hint")).toContainText(secret.slice(-4));
    await page.reload();
    await waitForShell(page);
    expect(await page.content()).not.toContain(secret);

    // Rotate with a one-hour overlap: a new secret, the old one valid for an hour.
    await rowWith(page, clientId).getByTestId("action-rotate").click();
    const rotate = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: w.rotate }) });
    await expect(rotate).toBeVisible();
    await rotate.locator("input").first().fill("1");
    await page.getByRole("button", { name: w.rotate }).click();
    await expect(dialog).toBeVisible();
    const next = await page.getByTestId("client-secret-value").inputValue();
    expect(next).toMatch(/^dps_/);
    expect(next).not.toBe(secret);
    await page.getByTestId("client-secret-close").click();
    await expect(dialog).toBeHidden();
    const secrets = await db().oAuthClientSecret.findMany({ where: { clientId: client.id }, orderBy: { id: "asc" } });
    expect(secrets.map((s) => s.hash)).toEqual([sha256(secret), sha256(next)]);
    const until = secrets[0].expiresAt!.getTime() - Date.now();
    expect(until).toBeGreaterThan(50 * 60_000);
    expect(until).toBeLessThanOrEqual(60 * 60_000);
    expect(secrets[1].expiresAt).toBeNull();
    await expect(rowWith(page, clientId).getByTestId("client-secret-hint")).toHaveCount(2);

    // A token the client holds, then disable: it is revoked at once.
    const token = await db().oAuthToken.create({
      data: {
        accessHash: sha256(`dpa_${randomBytes(32).toString("base64url")}`),
        clientId: client.id,
        userId: client.serviceUserId!,
        scopes: ["orders:read"],
        familyId: randomUUID(),
        accessExpiresAt: new Date(Date.now() + 3600_000),
      },
    });
    await page.reload();
    await waitForShell(page);
    await rowWith(page, clientId).getByTestId("action-disable").click();
    await confirmModal(page);
    await expect(rowWith(page, clientId).getByTestId("action-enable")).toBeVisible();
    await expect(rowWith(page, clientId)).toContainText(w.disabled);
    expect((await db().oAuthToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).not.toBeNull();
    expect((await db().oAuthClient.findUniqueOrThrow({ where: { id: client.id } })).enabled).toBe(false);
    // Having issued a token, the client can no longer be deleted: only enabled again.
    await expect(rowWith(page, clientId).getByTestId("action-delete")).toHaveCount(0);
    await expect(rowWith(page, clientId).getByTestId("action-enable")).toBeVisible();
  });
}

test("system/client is the administrators': staff without it get 403", async ({ page, loginAs }) => {
  await loginAs("staff");
  expect((await page.goto("system/client"))?.status()).toBe(403);
});
