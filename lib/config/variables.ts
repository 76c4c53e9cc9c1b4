import "server-only";
import { onInvalidate, publishInvalidation } from "@/lib/cache/bus";
import { db } from "@/lib/db";
import type { z } from "zod";
import { VARIABLES, type VariableKey } from "./variable-registry";

type Value = number | string | boolean | unknown;
const TTL_MS = 30_000;
const cache = new Map<string, { value: Value; at: number }>();
let generation = 0;

function parse(type: string, raw: string): Value {
  switch (type) {
    case "NUMBER":
      return Number(raw);
    case "BOOLEAN":
      return raw === "true";
    case "JSON":
      return JSON.parse(raw);
    default:
      return raw;
  }
}

type Def<K extends VariableKey> = (typeof VARIABLES)[K];
type Typed<K extends VariableKey> = Def<K>["type"] extends "NUMBER"
  ? number
  : Def<K>["type"] extends "BOOLEAN"
    ? boolean
    : Def<K> extends { schema: z.ZodType<infer O> }
      ? O
      : string;

/**
 * A system variable's value: the company's override, else the platform value, else the coded
 * default (a fresh database before the seed). Cached for 30 s per process; a change clears this
 * process's cache at once (invalidateVariables), other instances through the cache bus
 * (lib/cache/bus.ts) within a second, within the 30 s if the bus is down.
 */
export async function variable<K extends VariableKey>(key: K, companyId?: number | null): Promise<Typed<K>> {
  const cacheKey = `${key}:${companyId ?? ""}`;
  const hit = cache.get(cacheKey);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Typed<K>;
  const def = VARIABLES[key];
  const gen = generation;
  const row = await db().systemVariableDefault.findUnique({
    where: { key },
    select: { type: true, value: true, overrides: companyId ? { where: { companyId }, select: { value: true } } : false },
  });
  const raw = row?.overrides?.[0]?.value ?? row?.value ?? def.value;
  const value = parse(row?.type ?? def.type, raw);
  // A read that raced with a change (started before it was invalidated) is not kept.
  if (gen === generation) cache.set(cacheKey, { value, at: Date.now() });
  return value as Typed<K>;
}

export const VARIABLES_CACHE = "variables";

function clearVariables(): void {
  generation++;
  cache.clear();
}
onInvalidate(VARIABLES_CACHE, clearVariables);

/** Clears this process's cache and tells the other instances (call it after the commit). */
export function invalidateVariables(): void {
  clearVariables();
  void publishInvalidation(VARIABLES_CACHE);
}
