// Whether a caller on `version` (its versionNumber) should or must update: pure, shared by the
// public update check and its tests.
//
// - updateAvailable: a newer release is published (version < latest.versionNumber);
// - mustUpdate: the caller is below the latest release's minimum supported number, or below a
//   published release marked force-update that is newer than the caller (a security fix in
//   3 stays mandatory after 4 is published without the flag).

export type UpdateAdvice = { updateAvailable: boolean; mustUpdate: boolean };

/** `forcedAbove`: the highest versionNumber of the platform's published releases with forceUpdate, or null. */
export function updateAdvice(version: number, latest: { versionNumber: number; minSupported: number }, forcedAbove: number | null): UpdateAdvice {
  const updateAvailable = version < latest.versionNumber;
  const mustUpdate = updateAvailable && (version < latest.minSupported || (forcedAbove !== null && version < forcedAbove));
  return { updateAvailable, mustUpdate };
}
