// GET /customerWeb/api/health — app version and database reachability (503 when unreachable).
import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = Date.now();
  let reachable = false;
  try {
    await db().$queryRawUnsafe("select 1");
    reachable = true;
  } catch (err) {
    log.error("health: database unreachable", errorFields(err));
  }
  const body = {
    status: reachable ? "ok" : "degraded",
    app: { name: pkg.name, version: pkg.version },
    database: { reachable, latencyMs: Date.now() - started },
    time: new Date().toISOString(),
  };
  return NextResponse.json(body, { status: reachable ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
