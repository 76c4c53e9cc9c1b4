"use server";

import { action } from "@/lib/actions/action";
import { newsForEdit } from "./admin-queries";
import { createNews, deleteNews, publishNews, unpublishNews, updateNews } from "./admin-service";
import { NEWS_TAG } from "./cache";
import { ZNewsCreate, ZNewsId, ZNewsPublish, ZNewsUpdate } from "./schemas";

// Staff's news actions (market/news): parse the shared schema, check news:manage (the service
// checks it again), run the service in its transaction, then expire the NEWS_TAG cache at once
// (updateTag: the next request to the public list or article reads fresh data, not a stale
// copy revalidated in the background). Labels: "NewsAdmin.fields", so every message names its
// field.

const read = { permission: "news:manage", labels: "NewsAdmin.fields" } as const;
const write = { ...read, expireTags: [NEWS_TAG] } as const;

export const createNewsAction = action({ ...write, schema: ZNewsCreate }, (i, { viewer, audit }) => createNews(viewer, audit, i));
export const updateNewsAction = action({ ...write, schema: ZNewsUpdate }, (i, { viewer, audit }) => updateNews(viewer, audit, i));
export const publishNewsAction = action({ ...write, schema: ZNewsPublish }, (i, { viewer, audit }) => publishNews(viewer, audit, i));
export const unpublishNewsAction = action({ ...write, schema: ZNewsId }, (i, { viewer, audit }) => unpublishNews(viewer, audit, i.id));
export const deleteNewsAction = action({ ...write, schema: ZNewsId }, (i, { viewer, audit }) => deleteNews(viewer, audit, i.id));
/** The edit form's data (read on demand when the form opens). */
export const newsForEditAction = action({ ...read, schema: ZNewsId }, (i, { viewer }) => newsForEdit(viewer, i.id));
