// The warehouse types a form offers and a list labels (Wms.warehouseTypes), without zod, so the
// screen's first load stays free of it (docs/ARCHITECTURE.md "The schema may load with the drawer").
export const WAREHOUSE_TYPES = ["VEHICLE", "PARTS", "MIXED"] as const;
export type WarehouseTypeValue = (typeof WAREHOUSE_TYPES)[number];
