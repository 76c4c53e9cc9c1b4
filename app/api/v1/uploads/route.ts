// POST /customerWeb/api/v1/uploads — one file (multipart: file, kind IMAGE|VIDEO|FILE, count);
// signed-in users only. Details in lib/uploads/upload-handler.ts.
import { handleUpload } from "@/lib/uploads/upload-handler";

export const dynamic = "force-dynamic";

export function POST(req: Request): Promise<Response> {
  return handleUpload(req);
}
