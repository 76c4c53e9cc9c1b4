// GET /customerWeb/api/v1/members?q=&tier=&dealer=&cursor=&size= — a page of the member register
//     (keyset, newest first, capped count): a dealer's own members, staff's data scope. Names and
//     phones are masked; q is a full mobile number (exact) or the start of a name.
import { apiRoute } from "@/lib/api/handler";
import { toSearchParams } from "@/lib/api/schemas";
import { assertMemberScreen, listMembers, parseMemberFilters } from "@/lib/members/queries";
import { ZMemberListQuery } from "@/lib/members/schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZMemberListQuery, labels: "Members.fields" }, async ({ viewer, query }) => {
  await assertMemberScreen(viewer);
  const filters = parseMemberFilters(toSearchParams(query));
  return listMembers(viewer, query.size ? { ...filters, size: query.size } : filters);
});
