// GET /customerWeb/api/v1/regions?parent=<id> — the enabled sub-areas of a region (no parent:
// the provinces) for the region cascader; any signed-in user. Both names are sent, so the
// answer does not depend on the language and the browser may keep it for five minutes.
import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/api/handler";
import { DomainError } from "@/lib/errors";
import { regionChildren } from "@/lib/system/regions";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null }, async ({ req }) => {
  const raw = req.nextUrl.searchParams.get("parent");
  if (raw && !/^\d{1,9}$/.test(raw)) throw new DomainError("Api.badQuery", {}, undefined, 400);
  const items = await regionChildren(raw ? Number(raw) : null);
  return NextResponse.json({ items }, { headers: { "Cache-Control": "private, max-age=300" } });
});
