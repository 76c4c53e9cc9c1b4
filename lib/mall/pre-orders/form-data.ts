import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { dicts } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";
import { companyAddresses } from "../addresses/service";

// What the "create pre-order" form offers: the company's address book (default first) and the
// enabled delivery ways and carrier types. One query for the addresses; dictionaries are cached.

export type PreOrderFormOptions = {
  addresses: { id: number; receiver: string; phone: string; textEn: string; textZh: string; isDefault: boolean }[];
  deliveryWays: DictItemView[];
  carrierTypes: DictItemView[];
};

export async function preOrderFormOptions(viewer: Viewer): Promise<PreOrderFormOptions> {
  const [rows, d] = await Promise.all([viewer.company ? companyAddresses(viewer) : Promise.resolve([]), dicts(["delivery_way", "carrier_type"] as const)]);
  return {
    addresses: rows.map((a) => ({
      id: a.id,
      receiver: a.receiver,
      phone: a.phone,
      isDefault: a.isDefault,
      textEn: `${a.address}, ${[...a.area]
        .reverse()
        .map((x) => x.nameEn)
        .join(", ")}`,
      textZh: `${a.area.map((x) => x.nameZh).join("")} ${a.address}`,
    })),
    deliveryWays: d.delivery_way,
    carrierTypes: d.carrier_type,
  };
}
