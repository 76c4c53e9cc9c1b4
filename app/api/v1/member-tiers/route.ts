// GET /customerWeb/api/v1/member-tiers — every tier with its member count;
// POST /customerWeb/api/v1/member-tiers — a new tier (ZTierSave without id). Both memberTier:manage.
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { assertMemberScreen } from "@/lib/members/queries";
import { ZTierBody } from "@/lib/members/schemas";
import { listTiers, saveTier } from "@/lib/members/tiers";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: "memberTier:manage" }, async ({ viewer }) => {
  await assertMemberScreen(viewer);
  return { items: await listTiers() };
});

export const POST = apiRoute({ permission: "memberTier:manage", body: ZTierBody, labels: "Members.fields" }, async ({ viewer, body, audit }) => {
  await assertMemberScreen(viewer);
  return new ApiAnswer(await saveTier(audit, body), 201);
});
