import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import type { UploadRule } from "@/lib/uploads/formats";
import { getUploadRules, imageRuleFor } from "@/lib/uploads/rules";
import { canManageDownloads, downloadDetail, listDownloads, parseDownloadFilters, type DownloadDetail, type DownloadPage } from "./queries";

/** The form's upload limits (the configured FILE and IMAGE rules); null without download:manage. */
export type DownloadUploadRules = { file: UploadRule; image: UploadRule };
export type DownloadRouteData =
  { kind: "list"; list: DownloadPage; rules: DownloadUploadRules | null } | { kind: "detail"; item: DownloadDetail; rules: DownloadUploadRules | null } | { kind: "missing" };

/** The route's data (the page and the route's server loader both answer from here): the item
 * at ?id= (disabled or missing: "missing" for those who do not manage), else the list. No verify
 * code and no external address is in it: those stay on the server. */
export async function loadDownloadRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<DownloadRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const manage = canManageDownloads(viewer);
  const rulesOf = async () => {
    if (!manage) return null;
    const [r, image] = await Promise.all([getUploadRules(), imageRuleFor("DOWNLOAD_COVER")]);
    return { file: r.FILE, image };
  };
  const id = p.get("id");
  if (id !== null) {
    const [item, rules] = await Promise.all([downloadDetail(viewer, /^[1-9]\d{0,9}$/.test(id) ? Number(id) : -1), rulesOf()]);
    return item ? { kind: "detail", item, rules } : { kind: "missing" };
  }
  const [list, rules] = await Promise.all([listDownloads(viewer, parseDownloadFilters(p)), rulesOf()]);
  return { kind: "list", list, rules };
}
