"use server";

import { action } from "@/lib/actions/action";
import { lookupSaleGoods } from "./queries";
import { memberAtCounter } from "@/lib/members/counter";
import { ZCounterSale, ZMemberLookup, ZOutletSave, ZSaleLookup } from "./schemas";
import { counterSale, saveOutlet } from "./service";

// The points of sale screen's actions (customerWms/pointOfSale), one line each over the shared
// schemas; the services check the company, the outlet and the stock again in their transaction.

const ROUTE = "/customerWms/pointOfSale";

export const saveOutletAction = action({ schema: ZOutletSave, labels: "WmsPos.fields", permission: "pos:manage", revalidate: [ROUTE] }, (i, { viewer, audit }) =>
  saveOutlet(viewer, audit, i),
);
export const counterSaleAction = action({ schema: ZCounterSale, labels: "WmsPos.fields", permission: "pos:sell", revalidate: [ROUTE] }, (i, { viewer, audit }) =>
  counterSale(viewer, audit, i),
);
/** A read: the goods of a typed or scanned code and where to take it from (first in, first out). */
export const lookupSaleGoodsAction = action({ schema: ZSaleLookup, labels: "WmsPos.fields", permission: "pos:sell" }, (i, { viewer }) => lookupSaleGoods(viewer, i));
/** A read: the member of an exact phone at the counter, masked (any member of the network may be served). */
export const lookupMemberAction = action({ schema: ZMemberLookup, labels: "WmsPos.fields", permission: "pos:sell" }, (i, { viewer }) => memberAtCounter(viewer, i.phone));
