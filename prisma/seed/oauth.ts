import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";

// OAuth clients of the demo (docs/DECISIONS.md, "Issue 22 — OAuth server"), created when
// missing so an administrator's edits survive a re-seed:
// - `dealer-app`, the Dealer Platform mobile app: a public client (no secret; PKCE S256) with
//   the authorization code and refresh token grants, for the signed-in user and company;
// - `erp-demo`, a manufacturer system: a confidential client with the client-credentials grant,
//   acting as the staff service user `svc.erp-demo` (headquarters, role SALES_OPS: reads every
//   dealer's orders), its secret the documented demo constant below, stored only hashed.
// The seed runs outside Next, where lib/oauth/tokens.ts (`import "server-only"`) cannot be
// loaded; the hash is the same SHA-256 hex.

/** The demo secret of erp-demo (like the demo passwords: for a local demo only, README). */
export const ERP_DEMO_SECRET = "dps_erp-demo-secret-change-me-0000000000000";

const APP_SCOPES = ["goods", "orders", "after-sales", "notifications", "files"].flatMap((a) => [`${a}:read`, `${a}:write`]);

const sha256 = (v: string) => createHash("sha256").update(v, "utf8").digest("hex");

export async function seedOAuthClients(): Promise<void> {
  const prisma = db();
  await prisma.oAuthClient.upsert({
    where: { clientId: "dealer-app" },
    create: {
      clientId: "dealer-app",
      name: "Dealer Platform app",
      confidential: false,
      grants: ["authorization_code", "refresh_token"],
      redirectUris: ["com.dealerplatform.app:/oauth/callback", "http://127.0.0.1:8765/callback"],
      scopes: APP_SCOPES,
    },
    update: {},
  });

  const hq = await prisma.organization.findUnique({ where: { code: "HQ" }, select: { id: true } });
  const role = await prisma.role.findUnique({ where: { code: "SALES_OPS" }, select: { id: true } });
  if (!hq || !role) return;
  const service =
    (await prisma.user.findUnique({ where: { account: "svc.erp-demo" }, select: { id: true } })) ??
    (await prisma.user.create({
      data: {
        account: "svc.erp-demo",
        name: "ERP demo integration",
        userType: "STAFF",
        status: "ACTIVE",
        service: true,
        // Never signs in with a password: a random one nobody knows.
        passwordHash: await hashPassword(randomBytes(24).toString("base64url")),
        organizationId: hq.id,
      },
      select: { id: true },
    }));
  await prisma.userRole.createMany({ data: [{ userId: service.id, roleId: role.id }], skipDuplicates: true });
  const erp = await prisma.oAuthClient.upsert({
    where: { clientId: "erp-demo" },
    create: {
      clientId: "erp-demo",
      name: "ERP demo",
      confidential: true,
      grants: ["client_credentials"],
      redirectUris: [],
      scopes: ["goods:read", "orders:read"],
      serviceUserId: service.id,
    },
    update: {},
    select: { id: true },
  });
  await prisma.oAuthClientSecret.upsert({
    where: { hash: sha256(ERP_DEMO_SECRET) },
    create: { clientId: erp.id, hash: sha256(ERP_DEMO_SECRET), hint: ERP_DEMO_SECRET.slice(-4) },
    update: {},
  });
}
