import { useTranslations } from "next-intl";

// next-intl checks message keys at compile time (global.d.ts). Some keys arrive as data and
// cannot be checked: a schema's field names, a DomainError's key chosen by a service, an admin
// resource's labels namespace, a status value. Those, and only those, go through `loose`: the
// one place a translator is used with a plain string key. Everything else keeps typed keys.

/** What `t.has` and `t(key, values)` are when the key is a string known only at run time. */
export type LooseT = ((key: string, values?: Record<string, string | number | Date>) => string) & { has(key: string): boolean };

/** Any translator, whatever its namespace: what a shared component that reads fixed keys from
 * the caller's namespace (the list kit's "filters.search", "count", …) accepts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTranslator = ((key: any, values?: any) => string) & { has(key: any): boolean };

export const loose = (t: AnyTranslator): LooseT => t as unknown as LooseT;

/** useTranslations for a namespace named at run time (an admin resource's labels). */
export function useLooseTranslations(namespace?: string): LooseT {
  return loose((useTranslations as (ns?: string) => AnyTranslator)(namespace));
}
