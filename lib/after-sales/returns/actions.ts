"use server";

import { z } from "zod";
import { action } from "@/lib/actions/action";
import { zId } from "@/lib/core/zod";
import { returnFormOptions, returnPartOrders, searchReturnParts, shipFormOptions } from "./queries";
import { ZCompleteReturn, ZFileReturn, ZReceiveReturns, ZRejectReturn, ZReturnId, ZShipReturns } from "./schemas";
import { approveReturn, completeReturn, fileReturn, receiveReturns, rejectReturn, shipReturns } from "./service";

// The parts return screens' actions: parse the shared schema, check the permission, run the
// service in its transaction, refresh both screens (a move on a return changes its batch and
// the other way round). Labels: "SalesReturns.fields". The services check again who may act
// (dealer or staff) and on what (scope, state table).

const labels = "SalesReturns.fields";
const on = { labels, revalidate: ["/afterSale/salesReturn", "/afterSale/salesReturnLogs"] } as const;

export const fileReturnAction = action({ ...on, schema: ZFileReturn, permission: "salesReturn:create" }, (i, { viewer, audit }) => fileReturn(viewer, audit, i));
export const approveReturnAction = action({ ...on, schema: ZReturnId, permission: "salesReturn:approve" }, (i, { viewer, audit }) => approveReturn(viewer, audit, i.id));
export const rejectReturnAction = action({ ...on, schema: ZRejectReturn, permission: "salesReturn:approve" }, (i, { viewer, audit }) =>
  rejectReturn(viewer, audit, i.id, i.reason),
);
export const shipReturnsAction = action({ ...on, schema: ZShipReturns, permission: "salesReturn:ship" }, (i, { viewer, audit }) => shipReturns(viewer, audit, i));
export const receiveReturnsAction = action({ ...on, schema: ZReceiveReturns, permission: "salesReturn:receive" }, (i, { viewer, audit }) =>
  receiveReturns(viewer, audit, i.batchId, i.returnIds),
);
export const completeReturnAction = action({ ...on, schema: ZCompleteReturn, permission: "salesReturn:receive" }, (i, { viewer, audit }) =>
  completeReturn(viewer, audit, i.id, i.dealTypeDone),
);

// The forms' choices, read when a form opens or the dealer types; read-only, nothing refreshed.

/** Return types and deal types for the file-return form. */
export const returnFormOptionsAction = action({ schema: z.object({}), permission: "salesReturn:create", labels }, () => returnFormOptions());

/** Parts of the catalogue matching what the dealer typed (code prefix or part of a name). */
export const searchReturnPartsAction = action({ schema: z.object({ q: z.string().trim().max(50) }), permission: "salesReturn:create", labels }, (i) => searchReturnParts(i.q));

/** The dealer's own parts orders holding the chosen part. */
export const returnPartOrdersAction = action({ schema: z.object({ goodsId: zId }), permission: "salesReturn:create", labels }, (i, { viewer }) =>
  returnPartOrders(viewer, i.goodsId),
);

/** The ship dialog's approved returns, delivery ways and address suggestions. */
export const shipFormOptionsAction = action({ schema: z.object({}), permission: "salesReturn:ship", labels }, (_i, { viewer }) => shipFormOptions(viewer));
