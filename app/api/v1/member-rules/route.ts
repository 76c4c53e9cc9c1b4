// GET /customerWeb/api/v1/member-rules — the point rules; PUT — replaces them. memberRule:manage.
import { apiRoute } from "@/lib/api/handler";
import { assertMemberScreen } from "@/lib/members/queries";
import { ZRuleSave } from "@/lib/members/schemas";
import { getRules, saveRules } from "@/lib/members/tiers";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: "memberRule:manage" }, async ({ viewer }) => {
  await assertMemberScreen(viewer);
  return getRules();
});

export const PUT = apiRoute({ permission: "memberRule:manage", body: ZRuleSave, labels: "Members.fields" }, async ({ viewer, body, audit }) => {
  await assertMemberScreen(viewer);
  return saveRules(audit, body);
});
