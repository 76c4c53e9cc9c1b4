import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import { ZIds, type TIds } from "@/lib/system/config-schemas";
import type { AuditCtx } from "@/lib/system/audit";
import type { AdminResource } from "./resource";

// Server actions of an admin resource in one line each: the create/update permission follows
// whether the input carries an id; the screen is revalidated after a write.

type Ctx = { audit: AuditCtx; viewer: Viewer };
const ctxOf = (viewer: Viewer, requestId: string | null): Ctx => ({ viewer, audit: { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId } });

const hasId = (input: unknown) => !!input && typeof input === "object" && (input as { id?: unknown }).id !== undefined && (input as { id?: unknown }).id !== null;

type AnyResource = Pick<AdminResource<unknown, unknown, unknown>, "route" | "labels" | "permissions">;

export function saveAction<S extends z.ZodType, R>(r: AnyResource, schema: S, save: (ctx: Ctx, input: z.output<S>) => Promise<R>) {
  return async (input: unknown) =>
    signedInAction({
      schema,
      permission: (hasId(input) ? r.permissions.update : r.permissions.create) ?? "__none__",
      labels: `${r.labels}.fields`,
      run: async (v, c) => {
        const out = await save(ctxOf(c.viewer, c.requestId), v);
        revalidatePath(`/${r.route}`);
        return out;
      },
    })(input);
}

export function deleteAction<R>(r: AnyResource, remove: (ctx: Ctx, ids: number[]) => Promise<R>) {
  return signedInAction({
    schema: ZIds,
    permission: r.permissions.delete ?? "__none__",
    labels: `${r.labels}.fields`,
    run: async (v: TIds, c) => {
      const out = await remove(ctxOf(c.viewer, c.requestId), v.ids);
      revalidatePath(`/${r.route}`);
      return out;
    },
  });
}

/** Any other permission-guarded write of a screen (enable, move, test…). */
export function screenAction<S extends z.ZodType, R>(r: AnyResource, permission: string, schema: S, run: (ctx: Ctx, input: z.output<S>) => Promise<R>) {
  return signedInAction({
    schema,
    permission,
    labels: `${r.labels}.fields`,
    run: async (v, c) => {
      const out = await run(ctxOf(c.viewer, c.requestId), v);
      revalidatePath(`/${r.route}`);
      return out;
    },
  });
}
