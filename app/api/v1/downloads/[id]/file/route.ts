// GET /customerWeb/api/v1/downloads/:id/file?token= — a granted download (see requestDownload):
// the item's file as an attachment, or a redirect to its external address. Signed-in only.
import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { serveDownload } from "@/lib/downloads/serve";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: z.object({ id: z.string() }) }, ({ req, viewer, params }) =>
  serveDownload(req, viewer, params.id, req.nextUrl.searchParams.get("token")),
);
