// The fixed choices of system/appVersion (zod-free, so the list screen bundles no zod; the
// schemas re-export them).

export const APP_PLATFORMS = ["ANDROID", "IOS", "HARMONYOS"] as const;
export type AppPlatformName = (typeof APP_PLATFORMS)[number];
export const APP_RELEASE_STATUSES = ["DRAFT", "PUBLISHED", "WITHDRAWN"] as const;
export type AppReleaseStatusName = (typeof APP_RELEASE_STATUSES)[number];

/** The package format each platform may upload; iOS has none (App Store only). */
export const PACKAGE_FORMAT: Record<AppPlatformName, "apk" | "hap" | null> = { ANDROID: "apk", IOS: null, HARMONYOS: "hap" };

export const APP_RELEASE_ROUTE = "system/appVersion";
export const APP_RELEASE_MANAGE = "appRelease:manage";
export const APP_RELEASE_PUBLISH = "appRelease:publish";

/** Attachment owner type and field of a release's package (lib/uploads, kind APP_PACKAGE). */
export const APP_RELEASE_OWNER = "appRelease";
export const APP_PACKAGE_FIELD = "package";

export const MAX_VERSION_NAME = 30;
export const MAX_NOTES = 4000;
export const MAX_STORE_URL = 500;
export const MAX_VERSION_NUMBER = 2_147_483_647;

/** "1.2.3", "10.0", "2.1.0-beta.2": digits and dots, then an optional -suffix. */
export const VERSION_NAME_RE = /^\d+(\.\d+)*(-[0-9A-Za-z][0-9A-Za-z.-]*)?$/;

/** The public paths of a release's package (app/api/v1/app/releases/[id]/package). */
export const packagePath = (id: number) => `/customerWeb/api/v1/app/releases/${id}/package`;
