import { apiRoute } from "@/lib/api/handler";
import { bindStart, sessionOnly } from "@/lib/wechat/routes";

// GET /customerWeb/api/wechat/bind — My account's "Bind WeChat": to the official account's web
// authorization (lib/wechat/binding.ts).
export const GET = apiRoute({ permission: sessionOnly }, ({ req, viewer }) => bindStart(req, viewer));
