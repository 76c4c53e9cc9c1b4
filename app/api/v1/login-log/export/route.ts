// GET /customerWeb/api/v1/login-log/export?account=&result=&from=&to= — the filtered login log
// as an .xlsx file, streamed (signed in + permission "loginLog:export").
import { NextResponse, type NextRequest } from "next/server";
import { streamLoginLogXlsx } from "@/lib/accounts/login-log-export";
import { loginLogFilters } from "@/lib/accounts/login-log-queries";
import { getViewer, hasPermission } from "@/lib/auth/viewer";
import { getTranslations } from "next-intl/server";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest) {
  const viewer = await getViewer();
  if (!viewer) return NextResponse.json({ error: "UNAUTHORIZED" }, { status: 401 });
  if (!hasPermission(viewer, "loginLog:export")) return NextResponse.json({ error: "FORBIDDEN" }, { status: 403 });
  const t = await getTranslations("LoginLog");
  const body = streamLoginLogXlsx(loginLogFilters(req.nextUrl.searchParams), (k) => t(k as "title"), req.headers.get("x-request-id"));
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="login-log-${stamp}.xlsx"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
