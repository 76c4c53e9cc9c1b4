import { z } from "zod";
import { blankToNull, zId, zText } from "@/lib/core/zod";
import {
  APP_PLATFORMS,
  APP_RELEASE_STATUSES,
  MAX_NOTES,
  MAX_STORE_URL,
  MAX_VERSION_NAME,
  MAX_VERSION_NUMBER,
  PACKAGE_FORMAT,
  VERSION_NAME_RE,
  type AppPlatformName,
} from "./options";

// The release form of system/appVersion and the public update check's query: checked in the
// browser, parsed again by the actions and the route. Client-safe. Field labels live in
// "AppReleases.fields"; the rules zod cannot name in the Validation messages (a package or a
// store URL, https only, iOS without a package) are releaseProblems() below, shared by the form
// and the service, with messages of "AppReleases.errors".

export * from "./options";

const ATTACHMENT_ID = /^[a-f0-9]{32}$/;
export const zVersionNumber = z.number().int().min(1).max(MAX_VERSION_NUMBER);

export const ZReleaseSave = z
  .object({
    /** Present when editing. */
    id: zId.optional(),
    platform: z.enum(APP_PLATFORMS),
    versionName: z.string().trim().min(1).max(MAX_VERSION_NAME).regex(VERSION_NAME_RE),
    versionNumber: zVersionNumber,
    minSupported: zVersionNumber,
    forceUpdate: z.boolean().default(false),
    notesEn: zText(MAX_NOTES),
    notesZh: zText(MAX_NOTES),
    /** The uploaded package: at most one APP_PACKAGE upload (pending, or the release's own). */
    package: z
      .array(z.object({ id: z.string().regex(ATTACHMENT_ID) }))
      .max(1)
      .default([]),
    /** An https:// address of the app in a store, or empty when the release has a package. */
    storeUrl: z.preprocess(blankToNull, z.string().trim().max(MAX_STORE_URL).nullable()).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.minSupported > v.versionNumber)
      ctx.addIssue({ code: "too_big", origin: "number", maximum: v.versionNumber, inclusive: true, path: ["minSupported"], input: v.minSupported });
  });
export type TReleaseSave = z.infer<typeof ZReleaseSave>;
export type TReleaseSaveInput = z.input<typeof ZReleaseSave>;

export const ZReleaseId = z.object({ id: zId });
export type TReleaseId = z.infer<typeof ZReleaseId>;

/** The list's filters (?platform=&status=); anything else is ignored. */
export const ZReleaseFilters = z.object({
  platform: z.enum(APP_PLATFORMS).optional().catch(undefined),
  status: z.enum(APP_RELEASE_STATUSES).optional().catch(undefined),
});
export type TReleaseFilters = z.infer<typeof ZReleaseFilters>;

/** GET /api/v1/app/latest?platform=&version= — platform in any case, version the caller's versionNumber. */
export const ZLatestQuery = z.object({
  platform: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(APP_PLATFORMS)),
  version: z.preprocess((v) => (typeof v === "string" && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v), zVersionNumber),
});
export type TLatestQuery = z.infer<typeof ZLatestQuery>;

export type ReleaseProblem = { field: "storeUrl" | "package"; key: "urlHttps" | "urlOrPackage" | "urlAndPackage" | "iosStoreOnly" };

/** An absolute https:// URL with a host, no credentials in it. */
export function isHttpsUrl(raw: string): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  return u.protocol === "https:" && !!u.hostname && !u.username && !u.password;
}

/** The cross-field rules: exactly one of a store URL and a package, the URL https only, no package for iOS. */
export function releaseProblems(input: { platform?: AppPlatformName | null; storeUrl?: string | null; package?: readonly unknown[] }): ReleaseProblem[] {
  const url = input.storeUrl?.trim() ?? "";
  const files = input.package?.length ?? 0;
  if (files && input.platform && !PACKAGE_FORMAT[input.platform]) return [{ field: "package", key: "iosStoreOnly" }];
  if (url && !isHttpsUrl(url)) return [{ field: "storeUrl", key: "urlHttps" }];
  if (url && files) return [{ field: "storeUrl", key: "urlAndPackage" }];
  if (!url && !files) return [{ field: "storeUrl", key: "urlOrPackage" }];
  return [];
}
