// POST /customerWeb/api/v1/notifications/{id}/read — marks one of the user's notifications read;
// anyone else's answers 404.
import { apiRoute } from "@/lib/api/handler";
import { ZIdParams } from "@/lib/api/schemas";
import { markNotificationRead } from "@/lib/mall/notifications/feed";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: null, params: ZIdParams }, (c) => markNotificationRead(c.viewer, c.params.id));
