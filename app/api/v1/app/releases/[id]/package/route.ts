// GET /customerWeb/api/v1/app/releases/:id/package — a published release's package (counted),
// or a redirect to its store URL: public (lib/auth/proxy-gate.ts). Details in lib/app-releases/public.ts.
import { packageResponse } from "@/lib/app-releases/public";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return packageResponse(req, (await params).id);
}

export const HEAD = GET;
