// GET /customerWeb/api/v1/login-log/export?account=&result=&from=&to= — the filtered login log
// as an .xlsx file, streamed (signed in + permission "loginLog:export").
import { getTranslations } from "next-intl/server";
import { loginLogExport } from "@/lib/accounts/login-log-export";
import { loginLogFilters } from "@/lib/accounts/login-log-queries";
import { apiRoute } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: "loginLog:export" }, async ({ req, viewer, requestId }) => {
  const t = await getTranslations("LoginLog");
  const body = await loginLogExport(loginLogFilters(req.nextUrl.searchParams), (k) => t(k as "title"), viewer.userId, requestId);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="login-log-${stamp}.xlsx"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
