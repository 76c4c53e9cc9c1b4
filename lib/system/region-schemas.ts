import { z } from "zod";
import { zId, zSort, zText } from "@/lib/core/zod";

export * from "./region-levels";

// Regions (system/regionArea): the drawer's and the import's schemas and the tree rules, shared
// by the browser and the server (client-safe).

/** One area as pickers see it; `leaf`: it has no enabled sub-areas. */
export type RegionNode = { id: number; code: string; nameEn: string; nameZh: string; level: number; leaf?: boolean };

const zRegionCode = z
  .string()
  .trim()
  .min(1)
  .regex(/^\d{6}$/);
const zLevel = z.number().int().min(1).max(3);

export const ZRegionSave = z
  .object({
    id: zId.optional(),
    code: zRegionCode,
    level: zLevel,
    /** The parent's path from the province down (the cascader's value); empty for a province. */
    parentPath: z.preprocess((v) => v ?? [], z.array(zId).max(2)),
    nameEn: zText(100),
    nameZh: zText(100),
    sort: zSort,
    enabled: z.boolean(),
  })
  .refine((v) => v.parentPath.length === v.level - 1, { path: ["parentPath"], message: "select" });
export type TRegionSave = z.infer<typeof ZRegionSave>;

export const ZRegionImport = z.object({
  code: zRegionCode,
  parentCode: z.preprocess((v) => (v === "" || v === undefined ? null : v), zRegionCode.nullable()),
  level: zLevel,
  nameEn: zText(100),
  nameZh: zText(100),
  sort: z.preprocess((v) => v ?? 0, zSort),
  enabled: z.preprocess((v) => v ?? true, z.boolean()),
});
export type TRegionImport = z.infer<typeof ZRegionImport>;

/**
 * The GB/T 2260 shape of a code at its level under its parent: a province is XX0000, a city
 * XXYY00 under its province XX0000, a district XXYYZZ under its city XXYY00. Returns the
 * message key (under RegionAdmin.errors) and field of the first rule broken, or null.
 */
export function regionRuleBroken(code: string, level: number, parent: { code: string; level: number } | null): { key: string; field: "code" | "parent" } | null {
  if (level === 1 && parent) return { key: "provinceHasNoParent", field: "parent" };
  if (level > 1 && !parent) return { key: "parentRequired", field: "parent" };
  if (parent && parent.level !== level - 1) return { key: "parentLevel", field: "parent" };
  const shaped = level === 1 ? /^\d{2}0000$/.test(code) : level === 2 ? /^\d{4}00$/.test(code) && !code.endsWith("0000") : !code.endsWith("00");
  if (!shaped) return { key: `codeLevel${level}`, field: "code" };
  if (parent && !code.startsWith(parent.code.slice(0, 2 * (level - 1)))) return { key: "codePrefix", field: "code" };
  return null;
}
