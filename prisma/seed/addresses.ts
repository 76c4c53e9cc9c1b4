import { db } from "@/lib/db";

// Demo delivery addresses (onlineMall/adress), the first of each company the default.
const demo: Record<string, { receiver: string; phone: string; region: string; address: string }[]> = {
  D001: [
    { receiver: "Li Wei", phone: "13800000001", region: "310115", address: "No. 88 Zhangjiang Road, Building 3" },
    { receiver: "Li Wei", phone: "13800000001", region: "310104", address: "No. 1200 Caoxi North Road, Warehouse B" },
  ],
  D002: [{ receiver: "Zhang Min", phone: "13800000002", region: "110105", address: "No. 6 Jiuxianqiao Road, Gate 2" }],
};

export async function seedAddresses(companyId: number, companyCode: string, regionIds: Map<string, number>): Promise<void> {
  for (const [i, a] of (demo[companyCode] ?? []).entries()) {
    const regionAreaId = regionIds.get(a.region);
    if (!regionAreaId) continue;
    await db().address.create({ data: { companyId, receiver: a.receiver, phone: a.phone, regionAreaId, address: a.address, isDefault: i === 0 } });
  }
}
