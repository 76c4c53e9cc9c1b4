"use server";

import { deleteAction, saveAction, screenAction } from "@/lib/admin/actions";
import { ZAddressId, ZAddressSave } from "./schemas";
import { addressResource, deleteAddresses, saveAddress, setDefaultAddress } from "./service";

// Writes of the address book (onlineMall/adress), one line each.
export const saveAddressAction = saveAction(addressResource, ZAddressSave, (c, v) => saveAddress(c.viewer, c.audit, v));
export const deleteAddressesAction = deleteAction(addressResource, (c, ids) => deleteAddresses(c.viewer, c.audit, ids));
export const setDefaultAddressAction = screenAction(addressResource, "address:update", ZAddressId, (c, v) => setDefaultAddress(c.viewer, c.audit, v.id));
