"use server";

import { action } from "@/lib/actions/action";
import { ZDeviceId } from "./schemas";
import { blockDevice, signOutMyDevice, unbindDevice, unblockDevice } from "./service";

// The device writes, one line each. The administrators' on system/userEquipment check their
// permission here and the screen and data scope in the service; My account's sign-out needs no
// permission (every user, their own devices only: the service takes the viewer's id).

const admin = { labels: "Devices.fields", revalidate: ["/system/userEquipment"] } as const;

export const unbindDeviceAction = action({ ...admin, schema: ZDeviceId, permission: "device:unbind" }, (i, { viewer, audit }) => unbindDevice(viewer, audit, i.id));
export const blockDeviceAction = action({ ...admin, schema: ZDeviceId, permission: "device:block" }, (i, { viewer, audit }) => blockDevice(viewer, audit, i.id));
export const unblockDeviceAction = action({ ...admin, schema: ZDeviceId, permission: "device:block" }, (i, { viewer, audit }) => unblockDevice(viewer, audit, i.id));
export const signOutMyDeviceAction = action({ labels: "MyDevices.fields", permission: null, revalidate: ["/system/account"], schema: ZDeviceId }, (i, { viewer, audit }) =>
  signOutMyDevice(viewer, audit, i.id),
);
