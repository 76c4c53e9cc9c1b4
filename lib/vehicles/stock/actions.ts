"use server";

import { z } from "zod";
import { action } from "@/lib/actions/action";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { addVehicle } from "../factory";
import { ZAddVehicle } from "../schemas";

// car/stock's staff form: one vehicle into factory stock (the service refuses dealers and
// checks the VIN is new), and the vehicle goods it can be recorded as. Labels: "VehicleStock.fields".

const ROUTES = ["/car/stock", "/onlineMall/car/inventory", "/onlineMall/car/goods"];

export const addVehicleAction = action({ schema: ZAddVehicle, permission: "vehicle:import", labels: "VehicleStock.fields", revalidate: ROUTES }, (input, { viewer, audit }) =>
  addVehicle(viewer, audit, input),
);

export type VehicleGoodsOption = { id: number; code: string; nameEn: string; nameZh: string; config: string | null };

/** Every vehicle goods (on sale or not: the factory stocks both), for the form's select. */
export const vehicleGoodsOptionsAction = action(
  { schema: z.object({}), permission: "vehicle:import", labels: "VehicleStock.fields" },
  async (_input, { viewer }): Promise<VehicleGoodsOption[]> => {
    if (viewer.userType === "DEALER") throw new DomainError("Common.forbidden", {}, undefined, 403);
    return db().goods.findMany({
      where: { kind: "VEHICLE", vehicleModelId: { not: null } },
      orderBy: [{ sort: "asc" }, { code: "asc" }],
      select: { id: true, code: true, nameEn: true, nameZh: true, config: true },
    });
  },
);
