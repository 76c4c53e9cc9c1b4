// GET /customerWeb/api/v1/members/{id}/ledger?cursor=&size= — the member's points ledger newest
//     first (keyset pages); a member outside the caller's company or data scope is 404.
import { apiRoute } from "@/lib/api/handler";
import { toSearchParams, ZIdParams } from "@/lib/api/schemas";
import { assertMemberScreen, memberLedger, parseLedgerFilters } from "@/lib/members/queries";
import { ZMemberLedgerQuery } from "@/lib/members/schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: ZIdParams, query: ZMemberLedgerQuery }, async ({ viewer, params, query }) => {
  await assertMemberScreen(viewer);
  return memberLedger(viewer, params.id, parseLedgerFilters(toSearchParams(query)));
});
