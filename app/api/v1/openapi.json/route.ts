// GET /customerWeb/api/v1/openapi.json — the OpenAPI 3.1 document of this API, generated from
// the zod schemas the handlers parse with. Public: it describes, it holds no data.
import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

export function GET() {
  return NextResponse.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
