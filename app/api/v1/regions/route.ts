// GET /customerWeb/api/v1/regions?parent=<id> — the enabled sub-areas of a region (no parent:
// the provinces) for the region cascader; any signed-in user. Both names are sent, so the
// answer does not depend on the language and the browser may keep it for five minutes.
import { NextResponse, type NextRequest } from "next/server";
import { getViewer } from "@/lib/auth/viewer";
import { regionChildren } from "@/lib/system/regions";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest) {
  if (!(await getViewer())) return NextResponse.json({ code: "UNAUTHORIZED" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const raw = req.nextUrl.searchParams.get("parent");
  if (raw && !/^\d{1,9}$/.test(raw)) return NextResponse.json({ code: "BAD_REQUEST" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const items = await regionChildren(raw ? Number(raw) : null);
  return NextResponse.json({ items }, { headers: { "Cache-Control": "private, max-age=300" } });
}
