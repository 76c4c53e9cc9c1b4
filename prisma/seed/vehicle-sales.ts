import { sealSecret } from "@/lib/crypto/secret-box-core";
import { nextAuthSecret } from "../../scripts/lib/env";
import { db } from "@/lib/db";
import { ageOn, maskIdNumber, residentIdCheck, residentIdFacts } from "@/lib/people/resident-id";
import { ID_CONTEXT } from "@/lib/vehicles/sales/sale-id";
import { warrantyEnd } from "@/lib/vehicles/warranty";

// Demo retail sales for D001 (car/vehicleSales, car/carReturn, car/vehicleInformation): of the
// vehicles received longest ago, one sold a month ago (in warranty, past the return window),
// one sold two days ago (still returnable) and one sold and returned (back in stock, the sale
// kept marked returned). Written like the services write them: sale, vehicle, history, audit.
// Only on a database without sales for D001. The first two owners agreed to join the membership
// and have a retail amount: prisma/seed/members.ts enrols them and writes their points.

const DAY = 86_400_000;
const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const residentId = (first17: string) => first17 + residentIdCheck(first17);

const SALES = [
  { daysAgo: 30, owner: "张伟", phone: "13816880001", id: residentId("31011519850312301"), returned: null, amount: "268800.00", consent: true },
  { daysAgo: 2, owner: "Li Na", phone: "13916880002", id: residentId("31010419920721002"), returned: null, amount: "89900.00", consent: true },
  {
    daysAgo: 12,
    owner: "王强",
    phone: "13716880003",
    id: residentId("11010519780105451"),
    returned: { daysAgo: 9, reason: "客户因家庭原因退车，车辆无损。" },
    amount: null,
    consent: false,
  },
] as const;

export async function seedVehicleSales(): Promise<void> {
  const prisma = db();
  const company = await prisma.company.findUnique({ where: { code: "D001" }, select: { id: true } });
  const seller = await prisma.user.findUnique({ where: { account: "dealer.sh" }, select: { id: true } });
  if (!company || !seller || (await prisma.vehicleSale.count({ where: { companyId: company.id } })) > 0) return;
  const months = (await prisma.systemVariableDefault.findUnique({ where: { key: "vehicle.warrantyMonths" }, select: { value: true } }))?.value;
  const vehicles = await prisma.vehicle.findMany({
    where: { companyId: company.id, status: "IN_STOCK", entryAt: { lt: new Date(Date.now() - 35 * DAY) } },
    orderBy: [{ entryAt: "asc" }, { id: "asc" }],
    take: SALES.length,
    select: { id: true, vehicleModel: { select: { warrantyMonths: true } } },
  });
  // Sealed under the key the app's start scripts give the server.
  process.env.NEXTAUTH_SECRET ||= nextAuthSecret();
  for (const [i, v] of vehicles.entries()) {
    const s = SALES[i];
    const soldAt = new Date(Date.now() - s.daysAgo * DAY - 2 * 3_600_000);
    const m = v.vehicleModel.warrantyMonths ?? Number(months ?? 36);
    const start = day(soldAt);
    const end = warrantyEnd(start, m);
    const { birthday, sex } = residentIdFacts(s.id);
    const age = ageOn(birthday, start);
    const returnedAt = s.returned ? new Date(Date.now() - s.returned.daysAgo * DAY) : null;
    await prisma.$transaction(async (tx) => {
      const sale = await tx.vehicleSale.create({
        data: {
          vehicleId: v.id,
          companyId: company.id,
          soldAt,
          ownerName: s.owner,
          phone: s.phone,
          age,
          sex,
          birthday: new Date(`${birthday}T00:00:00Z`),
          idType: "PRC_ID",
          idNumberSealed: sealSecret(s.id, ID_CONTEXT),
          idNumberMasked: maskIdNumber(s.id),
          warrantyStart: new Date(`${start}T00:00:00Z`),
          warrantyEnd: new Date(`${end}T00:00:00Z`),
          warrantyMonths: m,
          amount: s.amount,
          memberConsent: s.consent,
          createdById: seller.id,
          createdAt: soldAt,
          ...(s.returned ? { returnedAt, returnReason: s.returned.reason, returnedById: seller.id, returnRecordedAt: returnedAt } : {}),
        },
        select: { id: true },
      });
      await tx.vehicle.update({
        where: { id: v.id },
        data: s.returned ? {} : { status: "SOLD", marketDate: soldAt, warrantyStart: new Date(`${start}T00:00:00Z`), warrantyEnd: new Date(`${end}T00:00:00Z`) },
      });
      await tx.vehicleEvent.createMany({
        data: [
          { vehicleId: v.id, fromStatus: "IN_STOCK" as const, toStatus: "SOLD" as const, companyId: company.id, userId: seller.id, createdAt: soldAt },
          ...(s.returned
            ? [
                {
                  vehicleId: v.id,
                  fromStatus: "SOLD" as const,
                  toStatus: "IN_STOCK" as const,
                  companyId: company.id,
                  userId: seller.id,
                  note: s.returned.reason,
                  createdAt: returnedAt!,
                },
              ]
            : []),
        ],
      });
      await tx.auditLog.createMany({
        data: [
          {
            userId: seller.id,
            companyId: company.id,
            entity: "Vehicle",
            entityId: String(v.id),
            action: "sell",
            before: { status: "IN_STOCK" },
            after: { status: "SOLD", saleId: sale.id },
            createdAt: soldAt,
          },
          ...(s.returned
            ? [
                {
                  userId: seller.id,
                  companyId: company.id,
                  entity: "Vehicle",
                  entityId: String(v.id),
                  action: "return",
                  before: { status: "SOLD", saleId: sale.id },
                  after: { status: "IN_STOCK" },
                  createdAt: returnedAt!,
                },
              ]
            : []),
        ],
      });
    });
  }
}
