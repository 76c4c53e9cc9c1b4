import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { vehicleInformation, type VehicleInfo } from "../information";
import { normalizeVin, vinProblem, type VinProblem } from "../vin";

// car/vehicleInformation's loader (the page and GET /__serverLoader): the VIN of ?vin= as
// typed, why it is not a VIN when it is not, and the vehicle as the viewer may see it (null:
// unknown or outside the viewer's records, the page's not-found state).

export type VehicleInfoRoute = { vin: string | null; problem: VinProblem | null; info: VehicleInfo | null };

export async function loadVehicleInfoRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<VehicleInfoRoute> {
  const raw = (url instanceof URL ? url.searchParams : url).get("vin");
  const vin = raw === null || !raw.trim() ? null : normalizeVin(raw).slice(0, 40);
  if (vin === null) return { vin: null, problem: null, info: null };
  const problem = vinProblem(vin);
  if (problem) return { vin, problem, info: null };
  return { vin, problem: null, info: await vehicleInformation(viewer, vin) };
}
