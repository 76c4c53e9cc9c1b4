// GET /customerWeb/api/v1/files/:id[?thumb=1] — an uploaded file, to its uploader while pending
// and to whoever may see its record once saved; anything else is 404. Supports Range (video).
import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import "@/lib/uploads/owners";
import { serveAttachment } from "@/lib/uploads/serve";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: z.object({ id: z.string() }) }, ({ req, viewer, params }) =>
  serveAttachment(req, viewer, params.id, req.nextUrl.searchParams.get("thumb") === "1"),
);
