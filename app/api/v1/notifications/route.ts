// GET /customerWeb/api/v1/notifications?cursor=&limit= — the signed-in user's notifications,
// newest first, in the request's language, with the unread count (the header bell).
import { apiRoute } from "@/lib/api/handler";
import { ZNotificationQuery } from "@/lib/api/schemas";
import { notificationFeed } from "@/lib/mall/notifications/feed";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZNotificationQuery, labels: "Notifications.fields" }, (c) =>
  notificationFeed(c.viewer, c.locale, { limit: c.query.limit, cursor: c.query.cursor }),
);
