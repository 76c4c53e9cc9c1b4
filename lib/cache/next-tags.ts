import { errorFields, log } from "@/lib/log";
import { onInvalidate, publishInvalidation } from "./bus";

// Next's data cache (unstable_cache entries and their tags) is per process too: an action's
// expireTags expires a tag here at once (updateTag) and tells the other instances through the
// cache bus, which expire it in their own cache on the notice. Outside a request Next offers no
// public call for that (revalidateTag needs a request's store), so the notice goes to the
// process's incremental cache, which Next keeps on globalThis from the first request on (before
// it, this process has cached nothing in memory to expire). See docs/DECISIONS.md, issue 24.

const nameOf = (tag: string) => `nextTag:${tag}`;

type IncrementalCache = { revalidateTag: (tags: string[], durations?: { expire?: number }) => Promise<void> };

/** Expires `tag` on the other instances (this one did with updateTag). Never throws. */
export function publishTagExpiry(tag: string): Promise<void> {
  return publishInvalidation(nameOf(tag));
}

/** This process expires `tag` when another instance says so (instrumentation.ts). */
export function followTag(tag: string): void {
  onInvalidate(nameOf(tag), () => {
    const cache = (globalThis as unknown as { __incrementalCache?: IncrementalCache }).__incrementalCache;
    cache?.revalidateTag([tag]).catch((err: unknown) => log.warn("cache tag not expired", { tag, ...errorFields(err) }));
  });
}
