// GET /customerWeb/api/v1/members/{id} — one member (masked name and phone, tier, balance); a
//     member outside the caller's company or data scope is 404.
import { apiRoute } from "@/lib/api/handler";
import { ZIdParams } from "@/lib/api/schemas";
import { assertMemberScreen, getMember } from "@/lib/members/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: ZIdParams }, async ({ viewer, params }) => {
  await assertMemberScreen(viewer);
  return getMember(viewer, params.id);
});
