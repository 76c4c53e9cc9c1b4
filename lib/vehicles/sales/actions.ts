"use server";

import { action } from "@/lib/actions/action";
import { fileUrl } from "@/lib/uploads/formats";
import { returnVehicle, sellVehicle, vehicleForReturn, vehicleForSale, type CarType } from "./service";
import { dateToMinute, ZReturnVehicle, ZSellVehicle, ZVinQuery } from "../schemas";

// The retail-sale (car/vehicleSales) and car-return (car/carReturn) screens' actions: parse the
// shared schema, check the button permission, run the service (which scopes the VIN to the
// viewer's company), refresh the vehicle screens. Labels: "Vehicles.fields".

const ROUTES = ["/car/vehicleSales", "/car/carReturn", "/car/stock", "/car/vehicleInformation"];
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
export const saleQueryAction = action({ schema: ZVinQuery, permission: "vehicle:sell", labels: LABELS }, async (i, { viewer }): Promise<SaleQuery> => ({
  car: facts(await vehicleForSale(viewer, i.vin)),
}));

/** Records the retail sale; answers the warranty period it started. */
export const sellVehicleAction = action({ schema: ZSellVehicle, permission: "vehicle:sell", labels: LABELS, revalidate: ROUTES }, (i, { viewer, audit }) =>
  sellVehicle(viewer, audit, i),
);

/** The return form's VIN query: the dealer's own sold vehicle, its sale and return window. */
export const returnQueryAction = action({ schema: ZVinQuery, permission: "vehicle:return", labels: LABELS }, async (i, { viewer }): Promise<ReturnQuery> => {
  const v = await vehicleForReturn(viewer, i.vin);
  return {
    car: facts(v),
    soldAt: dateToMinute(v.sale.soldAt),
    ownerName: v.sale.ownerName,
    windowDays: v.windowDays,
    returnBy: dateToMinute(v.returnBy),
    open: v.returnBy.getTime() >= Date.now(),
  };
});

/** Records the car return: the vehicle is back in stock, the sale is kept marked returned. */
export const returnVehicleAction = action({ schema: ZReturnVehicle, permission: "vehicle:return", labels: LABELS, revalidate: ROUTES }, (i, { viewer, audit }) =>
  returnVehicle(viewer, audit, i),
);
