"use server";

import { updateTag } from "next/cache";
import { z } from "zod";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/system/audit";
import { newsForEdit } from "./admin-queries";
import { createNews, deleteNews, publishNews, unpublishNews, updateNews } from "./admin-service";
import { NEWS_TAG } from "./cache";
import { ZNewsCreate, ZNewsId, ZNewsPublish, ZNewsUpdate } from "./schemas";

// Staff's news actions (market/news): parse the shared schema, check news:manage (the service
// checks it again), run the service in its transaction, then expire the NEWS_TAG cache at once
// (updateTag: the next request to the public list or article reads fresh data, not a stale
// copy revalidated in the background). Labels: "NewsAdmin.fields", so every message names its
// field.

const PERMISSION = "news:manage";
const auditOf = (viewer: Viewer, requestId: string | null): AuditCtx => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });

function newsAction<S extends z.ZodType, R>(schema: S, run: (viewer: Viewer, audit: AuditCtx, input: z.output<S>) => Promise<R>, opts: { writes: boolean } = { writes: true }) {
  return signedInAction({
    schema,
    permission: PERMISSION,
    labels: "NewsAdmin.fields",
    run: async (input, c) => {
      const out = await run(c.viewer, auditOf(c.viewer, c.requestId), input);
      if (opts.writes) updateTag(NEWS_TAG);
      return out;
    },
  });
}

export const createNewsAction = newsAction(ZNewsCreate, (v, a, i) => createNews(v, a, i));
export const updateNewsAction = newsAction(ZNewsUpdate, (v, a, i) => updateNews(v, a, i));
export const publishNewsAction = newsAction(ZNewsPublish, (v, a, i) => publishNews(v, a, i));
export const unpublishNewsAction = newsAction(ZNewsId, (v, a, i) => unpublishNews(v, a, i.id));
export const deleteNewsAction = newsAction(ZNewsId, (v, a, i) => deleteNews(v, a, i.id));
/** The edit form's data (read on demand when the form opens). */
export const newsForEditAction = newsAction(ZNewsId, (v, _a, i) => newsForEdit(v, i.id), { writes: false });
