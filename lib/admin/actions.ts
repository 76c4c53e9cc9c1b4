import "server-only";
import { ADMIN_ONLY, type Permission } from "@/lib/access/permissions";
import type { z } from "zod";
import { action, type ActionCtx } from "@/lib/actions/action";
import { ZIds, type TIds } from "@/lib/core/zod";
import type { AdminResource } from "./resource";

// Server actions of an admin resource in one line each, on top of lib/actions/action.ts: the
// create/update permission follows whether the input carries an id; the screen is revalidated
// after a write.

const hasId = (input: unknown) => !!input && typeof input === "object" && (input as { id?: unknown }).id !== undefined && (input as { id?: unknown }).id !== null;

type AnyResource = Pick<AdminResource<unknown, unknown, unknown>, "route" | "labels" | "permissions">;

const on = (r: AnyResource) => ({ labels: `${r.labels}.fields`, revalidate: [`/${r.route}`] });

export function saveAction<S extends z.ZodType, R>(r: AnyResource, schema: S, save: (ctx: ActionCtx, input: z.output<S>) => Promise<R>) {
  return action({ ...on(r), schema, permission: (input) => (hasId(input) ? r.permissions.update : r.permissions.create) ?? ADMIN_ONLY }, (v, c) => save(c, v));
}

export function deleteAction<R>(r: AnyResource, remove: (ctx: ActionCtx, ids: number[]) => Promise<R>) {
  return action({ ...on(r), schema: ZIds, permission: r.permissions.delete ?? ADMIN_ONLY }, (v: TIds, c) => remove(c, v.ids));
}

/** Any other permission-guarded write of a screen (enable, move, test…). */
export function screenAction<S extends z.ZodType, R>(r: AnyResource, permission: Permission, schema: S, run: (ctx: ActionCtx, input: z.output<S>) => Promise<R>) {
  return action({ ...on(r), schema, permission }, (v, c) => run(c, v));
}
