import { db } from "@/lib/db";
import { SYSTEM_DICTS } from "@/lib/dict/catalog";

// Dictionaries (system/systemCode): every list the product shows, as system types. Missing types
// and missing items are created; what administrators changed (names, labels, colours, order,
// enabled) is left as it is.
export async function seedDictionaries(): Promise<void> {
  for (const d of SYSTEM_DICTS) {
    const type = await db().dictType.upsert({
      where: { code: d.code },
      create: { code: d.code, nameEn: d.nameEn, nameZh: d.nameZh, remark: "remark" in d ? d.remark : null, system: true },
      update: {},
      select: { id: true },
    });
    await db().dictItem.createMany({
      data: d.items.map(([value, labelEn, labelZh, color], i) => ({ typeId: type.id, value, labelEn, labelZh, color: color ?? null, sort: (i + 1) * 10 })),
      skipDuplicates: true,
    });
  }
}
