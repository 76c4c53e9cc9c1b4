"use server";

import { action } from "@/lib/actions/action";
import { createClient, deleteClient, removeExpiredSecret, revokeAllTokens, rotateSecret, setClientEnabled, updateClient } from "./service";
import { ZClientEnable, ZClientRef, ZClientRotate, ZClientSave, ZSecretRemove } from "./schemas";

// system/client's server actions (lib/actions/action.ts): one line each. A created or rotated
// secret is in the answer only, for the screen's one-time modal.
const on = { labels: "Clients.fields", revalidate: ["/system/client"] } as const;

export const saveClientAction = action(
  { ...on, schema: ZClientSave, permission: (i) => (i && typeof i === "object" && (i as { id?: unknown }).id ? "client:update" : "client:create") },
  (v, c) => (v.id ? updateClient(c.viewer, c.audit, { ...v, id: v.id }) : createClient(c.viewer, c.audit, v)),
);
export const setClientEnabledAction = action({ ...on, schema: ZClientEnable, permission: "client:disable" }, (v, c) => setClientEnabled(c.audit, v));
export const rotateClientSecretAction = action({ ...on, schema: ZClientRotate, permission: "client:rotate" }, (v, c) => rotateSecret(c.audit, v));
export const removeClientSecretAction = action({ ...on, schema: ZSecretRemove, permission: "client:rotate" }, (v, c) => removeExpiredSecret(c.audit, v));
export const revokeClientTokensAction = action({ ...on, schema: ZClientRef, permission: "client:disable" }, (v, c) => revokeAllTokens(c.audit, v.id));
export const deleteClientAction = action({ ...on, schema: ZClientRef, permission: "client:disable" }, (v, c) => deleteClient(c.audit, v.id));
