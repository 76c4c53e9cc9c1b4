import { ageOn, residentIdFacts, residentIdProblem } from "@/lib/people/resident-id";

// The sale form fills the owner's birthday, sex and age from a valid PRC resident ID, as the
// server derives them (lib/vehicles/sales/service.ts). Client-safe.

export type OwnerFacts = { birthday: string; sex: "MALE" | "FEMALE"; age: number };

/** What a valid resident ID states (age on the sale day), or null for any other ID. */
export function ownerFactsFromId(idType: string | undefined, idNumber: string | undefined, saleDay: string, today: string): OwnerFacts | null {
  const id = (idNumber ?? "").trim().toUpperCase();
  if (idType !== "PRC_ID" || residentIdProblem(id, today)) return null;
  const f = residentIdFacts(id);
  return { ...f, age: ageOn(f.birthday, saleDay) };
}
