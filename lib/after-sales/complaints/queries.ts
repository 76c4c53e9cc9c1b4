import "server-only";
import { text } from "@/lib/core/list-params";
import { canOpenRoute } from "@/lib/access/menus";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { ComplaintStatus, Prisma } from "@/lib/generated/prisma/client";
import type { UploadRule } from "@/lib/uploads/formats";
import { getUploadRules, imageRuleFor } from "@/lib/uploads/rules";
import { vehicleScope } from "@/lib/vehicles/sales/service";
import { COMPLAINT_STATUSES } from "./schemas";
import { complaintDetail, complaintScope, type ComplaintDetail } from "./service";
import { int4Id } from "@/lib/validation/ids";
import { choiceParam, codeParam, COUNT_CAP, cursorParam, dayParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { companyFilter, dayRangeWhere, readKeysetPage } from "@/lib/list/prisma";

// The complaint list and detail (afterSale/complaint and GET /api/v1/complaints), read through
// the scope the service locks with. The list pages by keyset on (createdAt desc, id desc) with
// the (companyId | status, createdAt, id) indexes and costs the same few queries whatever the
// page size: the scope (staff), the page with its names joined, a capped count.

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export { COUNT_CAP };
/** The list shows the start of the question description; the detail has all of it. */
export const SUMMARY_CHARS = 80;

export type ComplaintFilters = {
  status: ComplaintStatus | "";
  /** complaint_category code. */
  category: string;
  /** Created on these calendar days in Asia/Shanghai, inclusive. */
  from: string;
  to: string;
  /** Part of the VIN (upper case). */
  vin: string;
  /** Complaint number prefix. */
  complaintNo: string;
  /** Staff only: company code prefix or part of its name. */
  company: string;
  /** Staff only: complaints this viewer handles. */
  mine: boolean;
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before). */
  cursor: string;
  size: number;
};

export function parseComplaintFilters(p: URLSearchParams): ComplaintFilters {
  return {
    status: choiceParam(p, "status", COMPLAINT_STATUSES),
    category: codeParam(p, "category", 32, /[^A-Z0-9_]/g),
    from: dayParam(p, "from"),
    to: dayParam(p, "to"),
    vin: codeParam(p, "vin", 17),
    complaintNo: codeParam(p, "complaintNo", 32, /[^A-Z0-9-]/g),
    company: text(p, "company", 50),
    mine: p.get("mine") === "1",
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
  };
}

/** The filters back as a query string (for links); cursor and defaults left out unless asked. */
export function complaintQuery(f: Partial<ComplaintFilters>, extra: Record<string, string | number> = {}): string {
  const { status, category, from, to, vin, complaintNo, company, mine } = f;
  return queryString({ status, category, from, to, vin, complaintNo, company, mine, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

function filterWhere(viewer: Viewer, f: ComplaintFilters, staff: boolean): Prisma.ComplaintWhereInput[] {
  const and: Prisma.ComplaintWhereInput[] = [];
  if (f.status) and.push({ status: f.status });
  if (f.category) and.push({ category: f.category });
  const created = dayRangeWhere(f.from, f.to);
  if (created) and.push({ createdAt: created });
  if (f.vin) and.push({ vin: f.vin.length === 17 ? f.vin : { contains: f.vin } });
  if (f.complaintNo) and.push({ complaintNo: { startsWith: f.complaintNo } });
  if (staff && f.company) and.push({ company: companyFilter(f.company) });
  if (staff && f.mine) and.push({ handlerId: viewer.userId });
  return and;
}

const LIST_SELECT = {
  id: true,
  complaintNo: true,
  status: true,
  vin: true,
  category: true,
  description: true,
  createdAt: true,
  updatedAt: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  creator: { select: { name: true } },
  handler: { select: { name: true } },
} as const;
type ListRaw = Prisma.ComplaintGetPayload<{ select: typeof LIST_SELECT }>;

export type ComplaintRow = {
  id: number;
  complaintNo: string;
  status: ComplaintStatus;
  vin: string | null;
  category: string | null;
  /** The first SUMMARY_CHARS characters of the question description ("…" when cut). */
  summary: string;
  createdAt: string;
  updatedAt: string;
  company: { code: string; nameEn: string; nameZh: string };
  creator: string;
  handler: string | null;
};
export type ComplaintPage = {
  rows: ComplaintRow[];
  filters: ComplaintFilters;
  next: string | null;
  prev: string | null;
  total: Total;
  staff: boolean;
};

/** Cut in code points, so a Chinese description is never split inside a character. */
function summaryOf(description: string): string {
  const chars = Array.from(description.replace(/\s+/g, " ").trim());
  return chars.length <= SUMMARY_CHARS ? chars.join("") : `${chars.slice(0, SUMMARY_CHARS - 1).join("")}…`;
}

const toRow = (r: ListRaw): ComplaintRow => ({
  id: r.id,
  complaintNo: r.complaintNo,
  status: r.status,
  vin: r.vin,
  category: r.category,
  summary: summaryOf(r.description),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  company: r.company,
  creator: r.creator.name,
  handler: r.handler?.name ?? null,
});

export async function listComplaints(viewer: Viewer, filters: ComplaintFilters): Promise<ComplaintPage> {
  const staff = viewer.userType !== "DEALER";
  const where: Prisma.ComplaintWhereInput = { AND: [await complaintScope(viewer), ...filterWhere(viewer, filters, staff)] };
  const { rows, next, prev, total } = await readKeysetPage(
    filters,
    "createdAt",
    where,
    (q) => db().complaint.findMany({ ...q, select: LIST_SELECT }),
    (q) => db().complaint.count(q),
    { maxSize: MAX_PAGE_SIZE },
  );
  return { rows: rows.map(toRow), filters, next, prev, total, staff };
}

export type ComplaintView = ComplaintDetail & {
  /** The VIN opens car/vehicleInformation: the viewer has that screen and may see the vehicle. */
  vinLink: boolean;
};

/** A link from the complaint to the vehicle makes sense only where it would not answer 404 or 403. */
async function vinLinks(viewer: Viewer, vin: string | null): Promise<boolean> {
  if (!vin || !(await canOpenRoute(viewer, "car/vehicleInformation"))) return false;
  return (await db().vehicle.count({ where: { AND: [{ vin }, await vehicleScope(viewer)] } })) > 0;
}

/** The file form's upload limits (the configured IMAGE and VIDEO rules); null without complaint:create. */
export type ComplaintUploadRules = { image: UploadRule; video: UploadRule };
export type ComplaintRouteData =
  { kind: "list"; list: ComplaintPage; canCreate: boolean; rules: ComplaintUploadRules | null } | { kind: "detail"; complaint: ComplaintView } | { kind: "missing" };

/** The route's data: the detail when the URL names ?id= (outside the viewer's scope: missing),
 * else the filtered list. The page and the route's server loader both answer from here. */
export async function loadComplaintRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<ComplaintRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const id = p.get("id");
  if (id !== null) {
    const detail = await complaintDetail(viewer, int4Id(id) ?? -1);
    if (!detail) return { kind: "missing" };
    return { kind: "detail", complaint: { ...detail, vinLink: await vinLinks(viewer, detail.vin) } };
  }
  const canCreate = viewer.userType === "DEALER" && hasPermission(viewer, "complaint:create");
  const [list, rules, image] = await Promise.all([
    listComplaints(viewer, parseComplaintFilters(p)),
    canCreate ? getUploadRules() : null,
    canCreate ? imageRuleFor("COMPLAINT_IMAGE") : null,
  ]);
  return { kind: "list", list, canCreate, rules: rules && image ? { image, video: rules.VIDEO } : null };
}
