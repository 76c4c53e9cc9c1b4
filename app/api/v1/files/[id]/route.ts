// GET /customerWeb/api/v1/files/:id[?thumb=1] — an uploaded file, to its uploader while pending
// and to whoever may see its record once saved; anything else is 404. Supports Range (video).
import { NextResponse, type NextRequest } from "next/server";
import { getViewer } from "@/lib/auth/viewer";
import "@/lib/uploads/owners";
import { serveAttachment } from "@/lib/uploads/serve";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await getViewer();
  if (!viewer) return NextResponse.json({ code: "UNAUTHORIZED" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const { id } = await params;
  return serveAttachment(req, viewer, id, req.nextUrl.searchParams.get("thumb") === "1");
}
