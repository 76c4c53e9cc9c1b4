"use server";

import { action } from "@/lib/actions/action";
import { ZSetMinimum } from "./schemas";
import { setMinimum } from "./service";

// customerWms/inventory's one write: a goods' minimum, set or cleared from the drill-in. The
// service checks the dealer again and owns the transaction. Labels "WmsInventory.fields", so a
// refused number is reported on its field by name.

export const setMinimumAction = action(
  { labels: "WmsInventory.fields", revalidate: ["/customerWms/inventory"], schema: ZSetMinimum, permission: "inventory:setMinimum" },
  (i, { viewer, audit }) => setMinimum(viewer, audit, i),
);
