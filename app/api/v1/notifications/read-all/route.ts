// POST /customerWeb/api/v1/notifications/read-all — marks all the user's notifications read.
import { apiRoute } from "@/lib/api/handler";
import { markAllNotificationsRead } from "@/lib/mall/notifications/feed";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: null }, (c) => markAllNotificationsRead(c.viewer));
