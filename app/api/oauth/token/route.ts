import { tokenResponse } from "@/lib/oauth/server";

// OAuth 2.1 token endpoint (lib/oauth/server.ts): authorization_code with PKCE, refresh_token
// with rotation, client_credentials. Public in the proxy: clients authenticate here themselves.
export const dynamic = "force-dynamic";

export function POST(req: Request): Promise<Response> {
  return tokenResponse(req);
}
