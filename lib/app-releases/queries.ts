import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { fileUrl } from "@/lib/uploads/formats";
import { APP_PACKAGE_FIELD, APP_RELEASE_MANAGE, APP_RELEASE_OWNER, APP_RELEASE_PUBLISH, APP_RELEASE_ROUTE, ZReleaseFilters, type AppPlatformName } from "./schemas";

// Reads of system/appVersion and of the public update check. Releases are the manufacturer's
// configuration, not a tenant's data: the screen is for whoever the menu grants it (and the
// loader checks that again); the update check reads published releases only. The list is
// small (a few releases a month per platform) and shown whole, newest number first.

export type AppReleaseRow = {
  id: number;
  platform: AppPlatformName;
  versionName: string;
  versionNumber: number;
  minSupported: number;
  forceUpdate: boolean;
  notesEn: string;
  notesZh: string;
  storeUrl: string | null;
  package: { id: string; name: string; url: string; size: number } | null;
  status: "DRAFT" | "PUBLISHED" | "WITHDRAWN";
  publishedAt: string | null;
  downloadCount: number;
  updatedAt: string;
};

export async function loadAppReleases(viewer: Viewer, url: URL) {
  if (!(await canOpenRoute(viewer, APP_RELEASE_ROUTE))) throw new ForbiddenError(APP_RELEASE_ROUTE);
  const filters = ZReleaseFilters.parse(Object.fromEntries(url.searchParams));
  const where: Prisma.AppReleaseWhereInput = { platform: filters.platform, status: filters.status };
  const rows = await db().appRelease.findMany({ where, orderBy: [{ platform: "asc" }, { versionNumber: "desc" }], take: 500 });
  const files = await db().attachment.findMany({
    where: { ownerType: APP_RELEASE_OWNER, field: APP_PACKAGE_FIELD, ownerId: { in: rows.map((r) => String(r.id)) } },
    select: { id: true, originalName: true, size: true, ownerId: true },
  });
  const byOwner = new Map(files.map((f) => [f.ownerId, f]));
  const releases: AppReleaseRow[] = rows.map((r) => {
    const f = byOwner.get(String(r.id));
    return {
      id: r.id,
      platform: r.platform,
      versionName: r.versionName,
      versionNumber: r.versionNumber,
      minSupported: r.minSupported,
      forceUpdate: r.forceUpdate,
      notesEn: r.notesEn,
      notesZh: r.notesZh,
      storeUrl: r.storeUrl,
      package: f && f.id === r.packageId ? { id: f.id, name: f.originalName, url: fileUrl(f.id), size: f.size } : null,
      status: r.status,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      downloadCount: r.downloadCount,
      updatedAt: r.updatedAt.toISOString(),
    };
  });
  return { releases, filters, can: { manage: hasPermission(viewer, APP_RELEASE_MANAGE), publish: hasPermission(viewer, APP_RELEASE_PUBLISH) } };
}
export type AppReleasesData = Awaited<ReturnType<typeof loadAppReleases>>;

/** The platform's latest published release, its package's size, and the highest published
 * number marked force-update (lib/app-releases/update-rule.ts). */
export async function latestPublished(platform: AppPlatformName) {
  const [latest, forced] = await Promise.all([
    db().appRelease.findFirst({ where: { platform, status: "PUBLISHED" }, orderBy: { versionNumber: "desc" } }),
    db().appRelease.aggregate({ where: { platform, status: "PUBLISHED", forceUpdate: true }, _max: { versionNumber: true } }),
  ]);
  if (!latest) return null;
  const file = latest.packageId
    ? await db().attachment.findFirst({ where: { id: latest.packageId, ownerType: APP_RELEASE_OWNER, ownerId: String(latest.id) }, select: { size: true } })
    : null;
  return { latest, size: file?.size ?? null, forcedAbove: forced._max.versionNumber };
}
