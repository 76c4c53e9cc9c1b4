// GET /customerWeb/api/v1/admin/<resource>/export?<the list's filters> — the filtered rows as a
// streamed .xlsx (signed in, the screen, and the resource's export permission).
import type { NextRequest } from "next/server";
import { adminRoute } from "@/lib/admin/http";
import { exportResource } from "@/lib/admin/resource";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest, ctx: { params: Promise<{ resource: string }> }) {
  const { resource } = await ctx.params;
  return adminRoute(req, resource, (r, viewer, requestId) => exportResource(r, viewer, req.nextUrl.searchParams, requestId));
}
