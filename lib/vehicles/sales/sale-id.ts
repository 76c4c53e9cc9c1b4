/** The secret-box context of VehicleSale.idNumberSealed: a sealed ID copied to another column does not open. */
export const ID_CONTEXT = "VehicleSale.idNumber";
