// PUT /customerWeb/api/v1/member-tiers/{id} — replaces a tier (members move at once when its
//     threshold or enabled flag changed); DELETE — removes a tier no member is in (else 409).
//     Both memberTier:manage.
import { apiRoute } from "@/lib/api/handler";
import { ZIdParams } from "@/lib/api/schemas";
import { assertMemberScreen } from "@/lib/members/queries";
import { ZTierBody } from "@/lib/members/schemas";
import { deleteTier, saveTier } from "@/lib/members/tiers";

export const dynamic = "force-dynamic";

export const PUT = apiRoute({ permission: "memberTier:manage", params: ZIdParams, body: ZTierBody, labels: "Members.fields" }, async ({ viewer, params, body, audit }) => {
  await assertMemberScreen(viewer);
  return saveTier(audit, { ...body, id: params.id });
});

export const DELETE = apiRoute({ permission: "memberTier:manage", params: ZIdParams }, async ({ viewer, params, audit }) => {
  await assertMemberScreen(viewer);
  return deleteTier(audit, params.id);
});
