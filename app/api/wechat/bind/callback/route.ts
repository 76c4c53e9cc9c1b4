import { apiRoute } from "@/lib/api/handler";
import { bindCallback, sessionOnly } from "@/lib/wechat/routes";

// GET /customerWeb/api/wechat/bind/callback?code&state — WeChat's return from the authorization.
export const GET = apiRoute({ permission: sessionOnly }, ({ req, viewer, audit }) => bindCallback(req, viewer, audit));
