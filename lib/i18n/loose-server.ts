import "server-only";
import { getTranslations } from "next-intl/server";
import { loose, type AnyTranslator, type LooseT } from "./loose";

/** getTranslations for a namespace named at run time (a schema's labels, a service's error keys). */
export async function getLooseTranslations(namespace?: string): Promise<LooseT> {
  return loose(await (getTranslations as (ns?: string) => Promise<AnyTranslator>)(namespace));
}
