import "server-only";
import { orgSourceResource } from "@/lib/system/org-source";
import { erase, type ErasedResource } from "./resource";

// Every admin resource that exports or imports, by the name in /api/v1/admin/<name>/…
// (one line per screen).
export const adminResources: Record<string, ErasedResource> = {
  orgSource: erase(orgSourceResource),
};

export function resourceNamed(name: string): ErasedResource | null {
  return Object.prototype.hasOwnProperty.call(adminResources, name) ? adminResources[name] : null;
}
