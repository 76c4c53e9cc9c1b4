// GET /customerWeb/media/:id[?thumb=1] — pictures of rich text and covers. A file of a visible
// news article is public (shared caches may keep it); any other file only to a signed-in viewer
// who may see it (their pending uploads, drafts for news staff, download-centre pictures for
// dealers), never cached; everything else is 404.
import type { NextRequest } from "next/server";
import { errorText, notFound as notFoundFailure } from "@/lib/actions/errors";
import { failureResponse } from "@/lib/api/handler";
import { getViewer } from "@/lib/auth/viewer";
import "@/lib/uploads/owners";
// The owners whose pictures this route serves (besides those lib/uploads/owners registers).
import "@/lib/news/attachments";
import "@/lib/downloads/attachments";
import { publicNewsMedia, servePublicMedia } from "@/lib/news/media";
import { serveAttachment } from "@/lib/uploads/serve";

export const dynamic = "force-dynamic";

// Public, so not apiRoute (which requires a session); a refusal is the API's { code, message }.
const notFound = async () => failureResponse(notFoundFailure(await errorText()), { "X-Content-Type-Options": "nosniff" });

export async function GET(req: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const thumb = req.nextUrl.searchParams.get("thumb") === "1";
  const meta = await publicNewsMedia(id);
  if (meta) {
    const res = await servePublicMedia(req, meta, thumb);
    if (res) return res;
  }
  const viewer = await getViewer();
  if (!viewer) return notFound();
  const res = await serveAttachment(req, viewer, id, thumb);
  res.headers.set("Cache-Control", "private, no-store");
  return res;
}
