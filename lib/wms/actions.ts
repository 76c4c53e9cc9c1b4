"use server";

import { z } from "zod";
import { action } from "@/lib/actions/action";
import { DomainError } from "@/lib/errors";
import { zId } from "@/lib/core/zod";
import { dealerCompany } from "./access";
import {
  cancelDoc,
  createDelivery,
  createEntry,
  createMove,
  createStocktake,
  createTransfer,
  postEntry,
  postOutbound,
  postStocktake,
  receiveTransfer,
  recordCounts,
  shipTransfer,
  startCounting,
} from "./documents";
import { goodsByCode, searchGoods, searchStock } from "./pickers";
import { ZCancelDoc, ZCountStocktake, ZCreateDelivery, ZCreateEntry, ZCreateMove, ZCreateStocktake, ZCreateTransfer, ZDocId, ZPostEntry, ZReceiveTransfer } from "./schemas";
import { db } from "@/lib/db";

// The warehouse documents' actions: one line each over the shared schemas; the services check
// the company, the permission and the state table again inside their transactions.

const on = {
  labels: "Wms.fields",
  revalidate: [
    "/customerWms/entryWarehouseOrder",
    "/customerWms/deliveryWarehouseOrder",
    "/customerWms/moveWarehouse",
    "/customerWms/allotOrder",
    "/customerWms/storeCheck",
    "/customerWms/inventory",
  ],
} as const;

export const createEntryAction = action({ ...on, schema: ZCreateEntry, permission: "wmsEntry:manage" }, (i, { viewer, audit }) => createEntry(viewer, audit, i));
export const postEntryAction = action({ ...on, schema: ZPostEntry, permission: "wmsEntry:manage" }, (i, { viewer, audit }) => postEntry(viewer, audit, i));
export const createDeliveryAction = action({ ...on, schema: ZCreateDelivery, permission: "wmsDelivery:manage" }, (i, { viewer, audit }) => createDelivery(viewer, audit, i));
export const createMoveAction = action({ ...on, schema: ZCreateMove, permission: "wmsMove:manage" }, (i, { viewer, audit }) => createMove(viewer, audit, i));
/** Posts a delivery or a move (the service refuses other kinds). */
export const postOutboundAction = action({ ...on, schema: ZDocId, permission: null }, (i, { viewer, audit }) => postOutbound(viewer, audit, i.id));
export const createTransferAction = action({ ...on, schema: ZCreateTransfer, permission: "wmsTransfer:manage" }, (i, { viewer, audit }) => createTransfer(viewer, audit, i));
export const shipTransferAction = action({ ...on, schema: ZDocId, permission: "wmsTransfer:manage" }, (i, { viewer, audit }) => shipTransfer(viewer, audit, i.id));
export const receiveTransferAction = action({ ...on, schema: ZReceiveTransfer, permission: "wmsTransfer:manage" }, (i, { viewer, audit }) => receiveTransfer(viewer, audit, i));
export const createStocktakeAction = action({ ...on, schema: ZCreateStocktake, permission: "stocktake:manage" }, (i, { viewer, audit }) => createStocktake(viewer, audit, i));
export const startCountingAction = action({ ...on, schema: ZDocId, permission: "stocktake:manage" }, (i, { viewer, audit }) => startCounting(viewer, audit, i.id));
export const recordCountsAction = action({ ...on, schema: ZCountStocktake, permission: "stocktake:manage" }, (i, { viewer, audit }) => recordCounts(viewer, audit, i));
export const postStocktakeAction = action({ ...on, schema: ZDocId, permission: "stocktake:manage" }, (i, { viewer, audit }) => postStocktake(viewer, audit, i.id));
/** Cancels a draft of any kind (the service checks the kind's permission). */
export const cancelDocAction = action({ ...on, schema: ZCancelDoc, permission: null }, (i, { viewer, audit }) => cancelDoc(viewer, audit, i));

const ZGoodsQuery = z.object({ q: z.string().max(50) });
const ZStockQuery = z.object({ warehouseId: zId, q: z.string().max(50) });
const ZGoodsCode = z.object({ code: z.string().trim().min(1).max(40) });

/** The line pickers: goods to put in, free stock of a warehouse to take out. */
export const searchGoodsAction = action({ ...on, revalidate: [], schema: ZGoodsQuery, permission: null }, (i, { viewer }) => {
  dealerCompany(viewer, "wmsEntry:manage");
  return searchGoods(i.q);
});
export const searchStockAction = action({ ...on, revalidate: [], schema: ZStockQuery, permission: null }, async (i, { viewer }) => {
  if (viewer.userType !== "DEALER" || !viewer.company) throw new DomainError("Wms.errors.dealersOnly", {}, undefined, 403);
  const companyId = viewer.company.id;
  const owns = await db().warehouse.count({ where: { id: i.warehouseId, companyId } });
  if (!owns) throw new DomainError("Wms.errors.warehouseUnknown", {}, "warehouseId", 404);
  return searchStock(companyId, i.warehouseId, i.q);
});
/** The entry form's scan input: the goods of an exact code, for whoever may create entries. */
export const scanGoodsAction = action({ ...on, labels: "Scan.fields", revalidate: [], schema: ZGoodsCode, permission: null }, (i, { viewer }) => {
  dealerCompany(viewer, "wmsEntry:manage");
  return goodsByCode(i.code);
});
