"use server";

import { deleteAction, saveAction } from "@/lib/admin/actions";
import { ZCarGroupSave, ZVehicleModelSave } from "./schemas";
import { carGroupResource, deleteCarGroups, deleteVehicleModels, saveCarGroup, saveVehicleModel, vehicleModelResource } from "./service";

// Writes of onlineMall/car/carGroup and onlineMall/car/vehicleModel, one line each.
export const saveCarGroupAction = saveAction(carGroupResource, ZCarGroupSave, (c, v) => saveCarGroup(c.audit, v));
export const deleteCarGroupsAction = deleteAction(carGroupResource, (c, ids) => deleteCarGroups(c.audit, ids));
export const saveVehicleModelAction = saveAction(vehicleModelResource, ZVehicleModelSave, (c, v) => saveVehicleModel(c.audit, v));
export const deleteVehicleModelsAction = deleteAction(vehicleModelResource, (c, ids) => deleteVehicleModels(c.audit, ids));
