"use server";

import { saveAction, screenAction } from "@/lib/admin/actions";
import { ZGoodsOnSale, ZGoodsSave } from "./schemas";
import { partsGoodsResource, vehicleGoodsResource } from "./resource";
import { saveGoods, setGoodsOnSale } from "./service";

// Goods writes of the two goods_bak screens, one line each: each screen saves its own kinds.
export const saveVehicleGoodsAction = saveAction(vehicleGoodsResource, ZGoodsSave, (c, v) => saveGoods(c.viewer, c.audit, v, ["VEHICLE"]));
export const savePartsGoodsAction = saveAction(partsGoodsResource, ZGoodsSave, (c, v) => saveGoods(c.viewer, c.audit, v, ["PART", "DERIVATIVE"]));
export const setVehicleGoodsOnSaleAction = screenAction(vehicleGoodsResource, "goods:update", ZGoodsOnSale, (c, v) => setGoodsOnSale(c.audit, v.ids, v.onSale, ["VEHICLE"]));
export const setPartsGoodsOnSaleAction = screenAction(partsGoodsResource, "goods:update", ZGoodsOnSale, (c, v) => setGoodsOnSale(c.audit, v.ids, v.onSale, ["PART", "DERIVATIVE"]));
