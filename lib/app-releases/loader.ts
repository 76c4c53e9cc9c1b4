import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { getUploadRule } from "@/lib/uploads/rules";
import { loadAppReleases } from "./queries";

/** What system/appVersion's page and its server loader answer: the releases and the package upload rule. */
export async function loadAppReleaseScreen(viewer: Viewer, url: URL) {
  const [data, rule] = await Promise.all([loadAppReleases(viewer, url), getUploadRule("APP_PACKAGE")]);
  return { data, rule };
}
