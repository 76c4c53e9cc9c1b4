import "server-only";
import type { Viewer } from "@/lib/auth/viewer";

// Staff's news management (news:manage). The helper building it replaces this body.
export type NewsAdminData = Record<string, unknown>;

export async function loadNewsAdmin(_viewer: Viewer, _url: URL): Promise<NewsAdminData> {
  throw new Error("loadNewsAdmin: not built yet");
}
