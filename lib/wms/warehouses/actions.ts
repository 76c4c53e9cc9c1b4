"use server";

import { action } from "@/lib/actions/action";
import { ZLocationSave, ZSetEnabled, ZWarehouseId, ZWarehouseSave } from "./schemas";
import { deleteLocation, deleteWarehouse, saveLocation, saveWarehouse, setDefaultWarehouse, setLocationEnabled, setWarehouseEnabled } from "./service";

// The warehouse screen's writes (customerWms/warehouse), one line each; the services check the
// dealer's company and the permission again inside their transaction.

const on = { labels: "WmsWarehouses.fields", revalidate: ["/customerWms/warehouse"], permission: "warehouse:manage" } as const;

export const saveWarehouseAction = action({ ...on, schema: ZWarehouseSave }, (i, { viewer, audit }) => saveWarehouse(viewer, audit, i));
export const setDefaultWarehouseAction = action({ ...on, schema: ZWarehouseId }, (i, { viewer, audit }) => setDefaultWarehouse(viewer, audit, i.id));
export const setWarehouseEnabledAction = action({ ...on, schema: ZSetEnabled }, (i, { viewer, audit }) => setWarehouseEnabled(viewer, audit, i));
export const deleteWarehouseAction = action({ ...on, schema: ZWarehouseId }, (i, { viewer, audit }) => deleteWarehouse(viewer, audit, i.id));
export const saveLocationAction = action({ ...on, schema: ZLocationSave }, (i, { viewer, audit }) => saveLocation(viewer, audit, i));
export const setLocationEnabledAction = action({ ...on, schema: ZSetEnabled }, (i, { viewer, audit }) => setLocationEnabled(viewer, audit, i));
export const deleteLocationAction = action({ ...on, schema: ZWarehouseId }, (i, { viewer, audit }) => deleteLocation(viewer, audit, i.id));
