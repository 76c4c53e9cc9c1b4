"use server";

import { action } from "@/lib/actions/action";
import { inventoryVins } from "./queries";
import { ZInventoryVins } from "./schemas";

// The available-inventory screen's VIN panel (staff): one page of a vehicle goods' VINs at the
// factory side. The service refuses dealers and viewers the screen is not granted to.

export const inventoryVinsAction = action({ schema: ZInventoryVins, permission: null, labels: "VehicleInventory.fields" }, (input, { viewer }) =>
  inventoryVins(viewer, input.goodsId, { status: input.status, after: input.after }),
);
