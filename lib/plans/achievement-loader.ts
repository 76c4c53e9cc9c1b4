import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { NotFoundError } from "@/lib/errors";
import { achievementNetwork, achievementSeries, companyAchievement, NETWORK_PAGE, type CompanyAchievement, type NetworkRow, type SeriesPoint } from "./achievement";
import { currentMonth, parseMonth } from "./achievement-month";

// What the achievement tab of crm/customerPlan shows (?tab=achievement&month=&company=&page=):
// a dealer its own month (lines and chart); staff the network of their scope, or one dealer of it
// with ?company=. A company outside the viewer's reach is "missing" (the page answers 404).

export type AchievementPanelData =
  | { kind: "missing" }
  | { kind: "company"; staff: boolean; month: string; current: string; achievement: CompanyAchievement; series: SeriesPoint[] }
  | { kind: "network"; month: string; current: string; rows: NetworkRow[]; page: number; pages: number; total: number };

const idParam = (v: string | null): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export async function loadAchievementPanel(viewer: Viewer, params: URLSearchParams, locale: string, now = new Date()): Promise<AchievementPanelData> {
  const current = currentMonth(now);
  const month = parseMonth(params.get("month")) ?? current;
  const staff = viewer.userType !== "DEALER";
  const raw = params.get("company");
  const companyId = staff ? idParam(raw) : null;
  if (staff && raw !== null && raw !== "" && companyId === null) return { kind: "missing" };
  try {
    if (!staff || companyId !== null) {
      const [achievement, series] = await Promise.all([companyAchievement(viewer, companyId, month), achievementSeries(viewer, companyId, month)]);
      return { kind: "company", staff, month, current, achievement, series };
    }
    const { rows } = await achievementNetwork(viewer, month, locale);
    const pages = Math.max(1, Math.ceil(rows.length / NETWORK_PAGE));
    const page = Math.min(Math.max(1, Math.floor(Number(params.get("page"))) || 1), pages);
    return { kind: "network", month, current, rows: rows.slice((page - 1) * NETWORK_PAGE, page * NETWORK_PAGE), page, pages, total: rows.length };
  } catch (e) {
    if (e instanceof NotFoundError) return { kind: "missing" };
    throw e;
  }
}
