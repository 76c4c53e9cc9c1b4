import type { ListSpec } from "@/lib/admin/list-query";

// customerWms/inventory's URL, zod-free and client-safe: the filters keep the admin pattern's
// query-string forms (lib/admin/list-query.ts) because the export endpoint
// (/api/v1/admin/wmsInventory/export) reads them with the same resource (./resource.ts), so the
// list and its export mean the same rows. `hideZero` is on unless the URL says "false" (the form
// sends "false" from a hidden field after the checkbox, whose "true" wins when it is checked).

export const INVENTORY_KINDS = ["VEHICLE", "PART", "DERIVATIVE"] as const;

export const INVENTORY_FILTERS: ListSpec = {
  filters: [
    { name: "warehouse", type: "text", max: 10 },
    { name: "location", type: "text", max: 32 },
    { name: "goods", type: "text", max: 60 },
    { name: "kind", type: "select", options: INVENTORY_KINDS },
    { name: "low", type: "boolean" },
    { name: "hideZero", type: "boolean" },
    { name: "company", type: "text", max: 50 },
  ],
  sorts: ["createdAt"],
  defaultSort: { field: "createdAt", order: "desc" },
};

/** The document screen each ledger row's number opens. */
export const DOC_ROUTE = {
  ENTRY: "customerWms/entryWarehouseOrder",
  DELIVERY: "customerWms/deliveryWarehouseOrder",
  MOVE: "customerWms/moveWarehouse",
  TRANSFER: "customerWms/allotOrder",
  STOCKTAKE: "customerWms/storeCheck",
} as const;
