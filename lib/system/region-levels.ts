// A region's levels (client-safe, without zod: system/regionArea's list reads them in its first
// load; the schemas are in ./region-schemas.ts, loaded with the drawer).

export const REGION_LEVELS = [1, 2, 3] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];
