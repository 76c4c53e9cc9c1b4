// GET /customerWeb/api/v1/addresses — the address book of the company in the session, default
// first (mobile and integration clients; session-cookie authenticated).
import { canOpenRoute } from "@/lib/access/menus";
import { apiRoute } from "@/lib/api/handler";
import { companyAddresses } from "@/lib/mall/addresses/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: (viewer) => canOpenRoute(viewer, "onlineMall/adress") }, async ({ viewer }) => {
  const items = (await companyAddresses(viewer)).map((a) => ({
    id: a.id,
    receiver: a.receiver,
    phone: a.phone,
    address: a.address,
    isDefault: a.isDefault,
    company: a.company,
    area: a.area.map(({ id, code, nameEn, nameZh }) => ({ id, code, nameEn, nameZh })),
  }));
  return { items };
});
