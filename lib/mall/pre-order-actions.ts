"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/system/audit";
import { preOrderFormOptions } from "./pre-order-form-data";
import { ZCancelPreOrder, ZConfirmPreOrder, ZCreatePreOrder, ZPreOrderId, ZRejectPreOrder } from "./pre-order-schemas";
import { cancelPreOrder, confirmPreOrder, convertPreOrder, createPreOrder, rejectPreOrder } from "./pre-orders";

// The pre-order screens' actions: parse the shared schema, check the permission, run the
// service in its transaction, refresh the screens it touches. Labels: "PreOrders.fields".

const ROUTES = ["onlineMall/car/preOrder", "onlineMall/car/order", "onlineMall/car/goods"];
const refresh = () => ROUTES.forEach((r) => revalidatePath(`/${r}`));
const auditOf = (viewer: Viewer, requestId: string | null): AuditCtx => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });

function preOrderAction<S extends z.ZodType, R>(schema: S, permission: string, run: (viewer: Viewer, audit: AuditCtx, input: z.output<S>) => Promise<R>) {
  return signedInAction({
    schema,
    permission,
    labels: "PreOrders.fields",
    run: async (input, c) => {
      const out = await run(c.viewer, auditOf(c.viewer, c.requestId), input);
      refresh();
      return out;
    },
  });
}

export const createPreOrderAction = preOrderAction(ZCreatePreOrder, "preOrder:create", (v, a, i) => createPreOrder(v, a, i));
export const confirmPreOrderAction = preOrderAction(ZConfirmPreOrder, "preOrder:confirm", (v, a, i) => confirmPreOrder(v, a, i.id, i.expectedDate));
export const rejectPreOrderAction = preOrderAction(ZRejectPreOrder, "preOrder:reject", (v, a, i) => rejectPreOrder(v, a, i.id, i.reason));
export const cancelPreOrderAction = preOrderAction(ZCancelPreOrder, "preOrder:cancel", (v, a, i) => cancelPreOrder(v, a, i.id, i.reason));
export const convertPreOrderAction = preOrderAction(ZPreOrderId, "preOrder:convert", (v, a, i) => convertPreOrder(v, a, i.id));

/** The create form's choices (addresses, delivery ways, carrier types), read when it opens. */
export const preOrderFormOptionsAction = signedInAction({ schema: z.object({}), permission: "preOrder:create", labels: "PreOrders.fields", run: (_i, c) => preOrderFormOptions(c.viewer) });
