// GET /customerWeb/api/v1/addresses — the address book of the company in the session, default
// first (mobile and integration clients; session-cookie authenticated).
import { NextResponse } from "next/server";
import { getTranslations } from "next-intl/server";
import { canOpenRoute } from "@/lib/access/menus";
import { getViewer } from "@/lib/auth/viewer";
import { companyAddresses } from "@/lib/mall/addresses";

export const dynamic = "force-dynamic";

export async function GET() {
  const tc = await getTranslations("Common");
  const viewer = await getViewer();
  if (!viewer) return NextResponse.json({ code: "UNAUTHORIZED", message: tc("signInAgain") }, { status: 401 });
  if (!(await canOpenRoute(viewer, "onlineMall/adress"))) return NextResponse.json({ code: "FORBIDDEN", message: tc("forbidden") }, { status: 403 });
  const items = (await companyAddresses(viewer)).map((a) => ({
    id: a.id, receiver: a.receiver, phone: a.phone, address: a.address, isDefault: a.isDefault, company: a.company,
    area: a.area.map(({ id, code, nameEn, nameZh }) => ({ id, code, nameEn, nameZh })),
  }));
  return NextResponse.json({ items }, { headers: { "Cache-Control": "private, no-store" } });
}
