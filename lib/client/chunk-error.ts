/** True for a script or stylesheet chunk that failed to load (webpack, Turbopack, native import). */
export function isChunkError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  if (!e || typeof e !== "object") return false;
  return e.name === "ChunkLoadError" || /Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|Failed to load chunk/i.test(e.message ?? "");
}
