import "server-only";
import type { Viewer } from "@/lib/auth/viewer";

// Registered in lib/server-loaders.ts; the helper building this screen replaces this body.
export async function loadNewsRoute(_viewer: Viewer, _url: URL): Promise<unknown> {
  throw new Error("loadNewsRoute: not built yet");
}
