import { db } from "@/lib/db";
import { VARIABLES } from "@/lib/config/variable-registry";

/** Creates each known variable once; never overwrites a value an administrator changed. */
export async function seedVariables() {
  await db().systemVariableDefault.createMany({
    data: Object.entries(VARIABLES).map(([key, v]) => ({ key, type: v.type, value: v.value, descriptionEn: v.en, descriptionZh: v.zh })),
    skipDuplicates: true,
  });
}
