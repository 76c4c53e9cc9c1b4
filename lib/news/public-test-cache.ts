// Tests only: Next's data cache outside a Next server. unstable_cache falls back to
// globalThis.__incrementalCache when no request is running, so installing Next's own
// IncrementalCache (file-system handler in a temporary folder) lets integration tests exercise
// the real caching, tags and expiry of lib/news/public.ts and lib/news/media.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { IncrementalCache } from "next/dist/server/lib/incremental-cache";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import { NEWS_TAG } from "./cache";

const holder = globalThis as unknown as { __incrementalCache?: IncrementalCache };

export function installTestCache(): { expireNews: () => Promise<void>; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-cache-"));
  const preview = { previewModeId: "test", previewModeSigningKey: "test", previewModeEncryptionKey: "test" };
  holder.__incrementalCache = new IncrementalCache({
    fs: nodeFs,
    dev: false,
    serverDistDir: dir,
    flushToDisk: false,
    requestHeaders: {},
    maxMemoryCacheSize: 50 * 1024 * 1024,
    previewProps: preview,
    prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview },
  });
  return {
    // What newsadmin's actions do on publish, unpublish and edit (updateTag: expire at once).
    // A millisecond apart, so entries written just before count as older than the expiry.
    expireNews: async () => {
      await new Promise((r) => setTimeout(r, 3));
      await holder.__incrementalCache!.revalidateTag([NEWS_TAG]);
      await new Promise((r) => setTimeout(r, 3));
    },
    remove: () => {
      delete holder.__incrementalCache;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
