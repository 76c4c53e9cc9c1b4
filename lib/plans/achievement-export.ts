import "server-only";
import { streamXlsx, type Cell, type SheetColumn } from "@/lib/admin/excel";
import { acquireExportLease } from "@/lib/admin/export-lease";
import type { Viewer } from "@/lib/auth/viewer";
import { achievementNetwork, type NetworkRow } from "./achievement";

// The network view of plan achievement as an .xlsx (GET /api/v1/plans/achievement/export):
// the same rows in the same order as the screen, all of them (a few hundred dealers, one query),
// streamed through the admin lists' Excel writer. Percentages are numbers with one decimal so a
// sheet can sort and chart them; no target is an empty cell.

type T = (key: string, values?: Record<string, string | number>) => string;

export const NETWORK_COLUMNS = ["rank", "code", "company", "plan", "planned", "ordered", "shipped", "retail", "completion", "shippedPct", "retailPct"] as const;

export async function networkXlsx(viewer: Viewer, month: string, locale: string, t: T, requestId: string | null = null): Promise<ReadableStream<Uint8Array>> {
  // Read before the stream starts: a refusal (a dealer, 404) is the API's answer, not a broken file.
  const { rows } = await achievementNetwork(viewer, month, locale);
  const zh = locale === "zh-CN";
  const columns: SheetColumn[] = NETWORK_COLUMNS.map((key) => ({
    key,
    header: t(`columns.${key}`),
    width: key === "company" ? 36 : key === "code" ? 14 : 12,
    numFmt: key === "completion" || key.endsWith("Pct") ? "0.0" : undefined,
  }));
  const cells = (r: NetworkRow, i: number): Record<string, Cell> => ({
    rank: i + 1,
    code: r.company.code,
    company: zh ? r.company.nameZh : r.company.nameEn,
    plan: t(`statuses.${r.plan?.status ?? "NONE"}`),
    planned: r.planned,
    ordered: r.ordered,
    shipped: r.shipped,
    retail: r.retail,
    completion: r.completion,
    shippedPct: r.pct.shipped,
    retailPct: r.pct.retail,
  });
  async function* batches() {
    yield rows.map(cells);
  }
  // One of the user's export slots like every export (lib/admin/export-lease.ts); a few hundred
  // rows, far below the row cap.
  const lease = await acquireExportLease(viewer.userId, "planAchievement");
  return streamXlsx({ sheet: t("sheet", { month }), columns, batches: batches(), requestId, lease });
}
