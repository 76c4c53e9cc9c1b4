"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import { zId } from "@/lib/system/config-schemas";
import type { AuditCtx } from "@/lib/system/audit";
import { returnFormOptions, returnPartOrders, searchReturnParts, shipFormOptions } from "./return-queries";
import { ZCompleteReturn, ZFileReturn, ZReceiveReturns, ZRejectReturn, ZReturnId, ZShipReturns } from "./return-schemas";
import { approveReturn, completeReturn, fileReturn, receiveReturns, rejectReturn, shipReturns } from "./returns";

// The parts return screens' actions: parse the shared schema, check the permission, run the
// service in its transaction, refresh both screens (a move on a return changes its batch and
// the other way round). Labels: "SalesReturns.fields". The services check again who may act
// (dealer or staff) and on what (scope, state table).

const ROUTES = ["afterSale/salesReturn", "afterSale/salesReturnLogs"];
const refresh = () => ROUTES.forEach((r) => revalidatePath(`/${r}`));
const auditOf = (viewer: Viewer, requestId: string | null): AuditCtx => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });

function returnAction<S extends z.ZodType, R>(schema: S, permission: string, run: (viewer: Viewer, audit: AuditCtx, input: z.output<S>) => Promise<R>) {
  return signedInAction({
    schema,
    permission,
    labels: "SalesReturns.fields",
    run: async (input, c) => {
      const out = await run(c.viewer, auditOf(c.viewer, c.requestId), input);
      refresh();
      return out;
    },
  });
}

export const fileReturnAction = returnAction(ZFileReturn, "salesReturn:create", (v, a, i) => fileReturn(v, a, i));
export const approveReturnAction = returnAction(ZReturnId, "salesReturn:approve", (v, a, i) => approveReturn(v, a, i.id));
export const rejectReturnAction = returnAction(ZRejectReturn, "salesReturn:approve", (v, a, i) => rejectReturn(v, a, i.id, i.reason));
export const shipReturnsAction = returnAction(ZShipReturns, "salesReturn:ship", (v, a, i) => shipReturns(v, a, i));
export const receiveReturnsAction = returnAction(ZReceiveReturns, "salesReturn:receive", (v, a, i) => receiveReturns(v, a, i.batchId, i.returnIds));
export const completeReturnAction = returnAction(ZCompleteReturn, "salesReturn:receive", (v, a, i) => completeReturn(v, a, i.id, i.dealTypeDone));

// The forms' choices, read when a form opens or the dealer types; read-only, nothing refreshed.

/** Return types and deal types for the file-return form. */
export const returnFormOptionsAction = signedInAction({ schema: z.object({}), permission: "salesReturn:create", labels: "SalesReturns.fields", run: () => returnFormOptions() });

/** Parts of the catalogue matching what the dealer typed (code prefix or part of a name). */
export const searchReturnPartsAction = signedInAction({
  schema: z.object({ q: z.string().trim().max(50) }),
  permission: "salesReturn:create",
  labels: "SalesReturns.fields",
  run: (i) => searchReturnParts(i.q),
});

/** The dealer's own parts orders holding the chosen part. */
export const returnPartOrdersAction = signedInAction({
  schema: z.object({ goodsId: zId }),
  permission: "salesReturn:create",
  labels: "SalesReturns.fields",
  run: (i, c) => returnPartOrders(c.viewer, i.goodsId),
});

/** The ship dialog's approved returns, delivery ways and address suggestions. */
export const shipFormOptionsAction = signedInAction({ schema: z.object({}), permission: "salesReturn:ship", labels: "SalesReturns.fields", run: (_i, c) => shipFormOptions(c.viewer) });
