// POST /customerWeb/api/v1/members/{id}/adjust { points, reason } — a manual adjustment through
//     the points ledger (memberPoints:adjust); taking more than the balance is 409 on `points`.
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { ZIdParams } from "@/lib/api/schemas";
import { assertMemberScreen } from "@/lib/members/queries";
import { ZAdjustBody } from "@/lib/members/schemas";
import { adjustPoints } from "@/lib/members/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "memberPoints:adjust", params: ZIdParams, body: ZAdjustBody, labels: "Members.fields" }, async ({ viewer, params, body, audit }) => {
  await assertMemberScreen(viewer);
  return new ApiAnswer(await adjustPoints(viewer, audit, { id: params.id, ...body }), 201);
});
