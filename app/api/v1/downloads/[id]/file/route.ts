// GET /customerWeb/api/v1/downloads/:id/file?token= — a granted download (see requestDownload):
// the item's file as an attachment, or a redirect to its external address. Signed-in only.
import { NextResponse, type NextRequest } from "next/server";
import { getViewer } from "@/lib/auth/viewer";
import { serveDownload } from "@/lib/downloads/serve";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await getViewer();
  if (!viewer) return NextResponse.json({ code: "UNAUTHORIZED" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const { id } = await params;
  return serveDownload(req, viewer, id, req.nextUrl.searchParams.get("token"));
}
