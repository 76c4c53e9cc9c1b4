// The client-safe part of lib/qrcode/render.ts (which draws with qrcode and sharp): the levels
// and the placeholder check, shared by the template form, its schema and the renderer.

export const QR_ERROR_LEVELS = ["L", "M", "Q", "H"] as const;
export type QrErrorLevel = (typeof QR_ERROR_LEVELS)[number];

/** The placeholders in a pattern that are not among `allowed` (the form names them). */
export function unknownPlaceholders(pattern: string, allowed: readonly string[]): string[] {
  const names = [...pattern.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  return [...new Set(names.filter((n) => !allowed.includes(n)))];
}
