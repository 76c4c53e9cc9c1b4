// GET /customerWeb/api/v1/app/latest?platform=&version= — the mobile app's update check:
// public (lib/auth/proxy-gate.ts), cached a minute. Details in lib/app-releases/public.ts.
import { latestResponse } from "@/lib/app-releases/public";

export const dynamic = "force-dynamic";

export function GET(req: Request): Promise<Response> {
  return latestResponse(req);
}
