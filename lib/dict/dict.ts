import "server-only";
import { onInvalidate, publishInvalidation } from "@/lib/cache/bus";
import { db } from "@/lib/db";
import type { DictCode } from "./catalog";
import { itemLabel, type DictItemView } from "./items";

// Dictionary lookups for pages and forms: `dict("delivery_way")` → the enabled items in order.
// Cached per process for 60 s; every dictionary write calls invalidateDicts(). Other instances
// behind a load balancer see a change through the cache bus within a second (lib/cache/bus.ts),
// within the TTL if it is down.

const TTL_MS = 60_000;
type Cached = { items: readonly (DictItemView & { enabled: boolean })[]; at: number };
// On globalThis: one cache per process even when bundles load this module more than once.
const holder = globalThis as unknown as { __dealerDicts?: { entries: Map<string, Cached>; generation: number } };
const cache = (holder.__dealerDicts ??= { entries: new Map(), generation: 0 });

/** A product dictionary or one an administrator added. */
export type AnyDictCode = DictCode | (string & {});
/** `client`: read through this transaction when not cached (never a second pooled connection
 * from inside a transaction that holds locks). */
type Options = { includeDisabled?: boolean; client?: { dictType: Pick<ReturnType<typeof db>["dictType"], "findMany"> } };

const view = ({ value, labelEn, labelZh, color }: DictItemView): DictItemView => ({ value, labelEn, labelZh, color });

/** Several dictionaries in one query for those not cached; an unknown code gives []. */
export async function dicts<C extends AnyDictCode>(codes: readonly C[], opts: Options = {}): Promise<Record<C, DictItemView[]>> {
  const now = Date.now();
  const found = new Map<string, Cached["items"]>();
  const missing: string[] = [];
  for (const code of new Set(codes)) {
    const hit = cache.entries.get(code);
    if (hit && now - hit.at < TTL_MS) found.set(code, hit.items);
    else missing.push(code);
  }
  if (missing.length) {
    const generation = cache.generation;
    const rows = await (opts.client ?? db()).dictType.findMany({
      where: { code: { in: missing } },
      select: { code: true, items: { orderBy: [{ sort: "asc" }, { id: "asc" }], select: { value: true, labelEn: true, labelZh: true, color: true, enabled: true } } },
    });
    const byCode = new Map(rows.map((r) => [r.code, r.items]));
    for (const code of missing) {
      const items = Object.freeze(byCode.get(code) ?? []);
      found.set(code, items);
      // A write during the read invalidated it: keep the answer out of the cache.
      if (generation === cache.generation) cache.entries.set(code, { items, at: now });
    }
  }
  return Object.fromEntries(codes.map((c) => [c, (found.get(c) ?? []).filter((i) => opts.includeDisabled || i.enabled).map(view)])) as Record<C, DictItemView[]>;
}

/** One dictionary's enabled items in order (with `includeDisabled`, all: for labelling records). */
export async function dict(code: AnyDictCode, opts: Options = {}): Promise<DictItemView[]> {
  return (await dicts([code], opts))[code];
}

/** The label of a stored value in the language (disabled items still label old records). */
export async function dictLabel(code: AnyDictCode, value: string | null | undefined, locale: string, client?: Options["client"]): Promise<string> {
  if (value === null || value === undefined || value === "") return "";
  return itemLabel(await dict(code, { includeDisabled: true, client }), value, locale);
}

export const DICTS_CACHE = "dicts";

function clearDicts(): void {
  cache.generation++;
  cache.entries.clear();
}
onInvalidate(DICTS_CACHE, clearDicts);

/** Forgets every cached dictionary; called after each dictionary write. `publish: false` inside
 * a transaction, which then sends the notice itself on commit (notifyInTransaction). */
export function invalidateDicts({ publish = true } = {}): void {
  clearDicts();
  if (publish) void publishInvalidation(DICTS_CACHE);
}
