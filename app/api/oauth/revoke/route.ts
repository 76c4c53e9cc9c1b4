import { revokeResponse } from "@/lib/oauth/server";

// OAuth token revocation (RFC 7009, lib/oauth/server.ts): a refresh or access token revokes
// its whole family; unknown tokens answer 200 as well.
export const dynamic = "force-dynamic";

export function POST(req: Request): Promise<Response> {
  return revokeResponse(req);
}
