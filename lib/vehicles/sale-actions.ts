"use server";

import { revalidatePath } from "next/cache";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/system/audit";
import { fileUrl } from "@/lib/uploads/formats";
import { returnVehicle, sellVehicle, vehicleForReturn, vehicleForSale, type CarType } from "./sales";
import { dateToMinute, ZReturnVehicle, ZSellVehicle, ZVinQuery } from "./schemas";

// The retail-sale (car/vehicleSales) and car-return (car/carReturn) screens' actions: parse the
// shared schema, check the button permission, run the service (which scopes the VIN to the
// viewer's company), refresh the vehicle screens. Labels: "Vehicles.fields".

const ROUTES = ["car/vehicleSales", "car/carReturn", "car/stock", "car/vehicleInformation"];
const refresh = () => ROUTES.forEach((r) => revalidatePath(`/${r}`));
const auditOf = (viewer: Viewer, requestId: string | null): AuditCtx => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });
const LABELS = "Vehicles.fields";

/** What the forms show of the queried vehicle; times are "YYYY-MM-DD HH:mm" Beijing time. */
export type CarFacts = {
  vin: string;
  modelEn: string;
  modelZh: string;
  goodsEn: string;
  goodsZh: string;
  config: string | null;
  colour: string | null;
  /** Thumbnail URL of the goods' cover picture. */
  cover: string | null;
  entryAt: string;
};

export type SaleQuery = { car: CarFacts };
export type ReturnQuery = { car: CarFacts; soldAt: string; ownerName: string; windowDays: number; returnBy: string; open: boolean };

function facts(v: CarType): CarFacts {
  return {
    vin: v.vin,
    modelEn: v.vehicleModel.nameEn,
    modelZh: v.vehicleModel.nameZh,
    goodsEn: v.goods.nameEn,
    goodsZh: v.goods.nameZh,
    config: v.goods.config,
    colour: v.colour,
    cover: v.goods.coverId ? fileUrl(v.goods.coverId, true) : null,
    entryAt: dateToMinute(v.entryAt),
  };
}

/** The sale form's VIN query: the dealer's own vehicle in stock and its car type. */
export const saleQueryAction = signedInAction({
  schema: ZVinQuery,
  permission: "vehicle:sell",
  labels: LABELS,
  run: async (i, c): Promise<SaleQuery> => ({ car: facts(await vehicleForSale(c.viewer, i.vin)) }),
});

/** Records the retail sale; answers the warranty period it started. */
export const sellVehicleAction = signedInAction({
  schema: ZSellVehicle,
  permission: "vehicle:sell",
  labels: LABELS,
  run: async (i, c) => {
    const out = await sellVehicle(c.viewer, auditOf(c.viewer, c.requestId), i);
    refresh();
    return out;
  },
});

/** The return form's VIN query: the dealer's own sold vehicle, its sale and return window. */
export const returnQueryAction = signedInAction({
  schema: ZVinQuery,
  permission: "vehicle:return",
  labels: LABELS,
  run: async (i, c): Promise<ReturnQuery> => {
    const v = await vehicleForReturn(c.viewer, i.vin);
    return {
      car: facts(v),
      soldAt: dateToMinute(v.sale.soldAt),
      ownerName: v.sale.ownerName,
      windowDays: v.windowDays,
      returnBy: dateToMinute(v.returnBy),
      open: v.returnBy.getTime() >= Date.now(),
    };
  },
});

/** Records the car return: the vehicle is back in stock, the sale is kept marked returned. */
export const returnVehicleAction = signedInAction({
  schema: ZReturnVehicle,
  permission: "vehicle:return",
  labels: LABELS,
  run: async (i, c) => {
    const out = await returnVehicle(c.viewer, auditOf(c.viewer, c.requestId), i);
    refresh();
    return out;
  },
});
