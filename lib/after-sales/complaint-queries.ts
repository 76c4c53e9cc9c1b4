import "server-only";
import { dayEnd, dayStart, text } from "@/lib/accounts/list-params";
import { canOpenRoute } from "@/lib/access/menus";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { ComplaintStatus, Prisma } from "@/lib/generated/prisma/client";
import type { UploadRule } from "@/lib/uploads/formats";
import { getUploadRules } from "@/lib/uploads/rules";
import { vehicleScope } from "@/lib/vehicles/sales";
import { COMPLAINT_STATUSES } from "./complaint-schemas";
import { complaintDetail, complaintScope, type ComplaintDetail } from "./complaints";
import { decodeTimeCursor, int4Id } from "@/lib/validation/ids";

// The complaint list and detail (afterSale/complaint and GET /api/v1/complaints), read through
// the scope the service locks with. The list pages by keyset on (createdAt desc, id desc) with
// the (companyId | status, createdAt, id) indexes and costs the same few queries whatever the
// page size: the scope (staff), the page with its names joined, a capped count.

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const COUNT_CAP = 1000;
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
  const from = text(p, "from", 10);
  const to = text(p, "to", 10);
  const status = p.get("status");
  const size = Math.floor(Number(p.get("size")));
  const cursor = text(p, "cursor", 40);
  return {
    status: status && (COMPLAINT_STATUSES as readonly string[]).includes(status) ? (status as ComplaintStatus) : "",
    category: text(p, "category", 32).toUpperCase().replace(/[^A-Z0-9_]/g, ""),
    from: dayStart(from) ? from : "",
    to: dayStart(to) ? to : "",
    vin: text(p, "vin", 17).toUpperCase().replace(/[^A-Z0-9]/g, ""),
    complaintNo: text(p, "complaintNo", 32).toUpperCase().replace(/[^A-Z0-9-]/g, ""),
    company: text(p, "company", 50),
    mine: p.get("mine") === "1",
    cursor: decodeTimeCursor(cursor) ? cursor : "",
    size: size >= 1 && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The filters back as a query string (for links); cursor and defaults left out unless asked. */
export function complaintQuery(f: Partial<ComplaintFilters>, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams();
  for (const k of ["status", "category", "from", "to", "vin", "complaintNo", "company"] as const) if (f[k]) p.set(k, String(f[k]));
  if (f.mine) p.set("mine", "1");
  if (f.size && f.size !== DEFAULT_PAGE_SIZE) p.set("size", String(f.size));
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  const q = p.toString();
  return q ? `?${q}` : "";
}

function filterWhere(viewer: Viewer, f: ComplaintFilters, staff: boolean): Prisma.ComplaintWhereInput[] {
  const and: Prisma.ComplaintWhereInput[] = [];
  if (f.status) and.push({ status: f.status });
  if (f.category) and.push({ category: f.category });
  const from = dayStart(f.from);
  const to = dayEnd(f.to);
  if (from || to) and.push({ createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } });
  if (f.vin) and.push({ vin: f.vin.length === 17 ? f.vin : { contains: f.vin } });
  if (f.complaintNo) and.push({ complaintNo: { startsWith: f.complaintNo } });
  if (staff && f.company) and.push({ company: { OR: [{ code: { startsWith: f.company, mode: "insensitive" } }, { nameEn: { contains: f.company, mode: "insensitive" } }, { nameZh: { contains: f.company } }] } });
  if (staff && f.mine) and.push({ handlerId: viewer.userId });
  return and;
}

const LIST_SELECT = {
  id: true, complaintNo: true, status: true, vin: true, category: true, description: true, createdAt: true, updatedAt: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  creator: { select: { name: true } },
  handler: { select: { name: true } },
} as const;
type ListRaw = Prisma.ComplaintGetPayload<{ select: typeof LIST_SELECT }>;

export type ComplaintRow = {
  id: number; complaintNo: string; status: ComplaintStatus; vin: string | null; category: string | null;
  /** The first SUMMARY_CHARS characters of the question description ("…" when cut). */
  summary: string;
  createdAt: string; updatedAt: string;
  company: { code: string; nameEn: string; nameZh: string }; creator: string; handler: string | null;
};
export type ComplaintPage = {
  rows: ComplaintRow[];
  filters: ComplaintFilters;
  next: string | null;
  prev: string | null;
  total: { count: number; capped: boolean };
  staff: boolean;
};

/** Cut in code points, so a Chinese description is never split inside a character. */
function summaryOf(description: string): string {
  const chars = Array.from(description.replace(/\s+/g, " ").trim());
  return chars.length <= SUMMARY_CHARS ? chars.join("") : `${chars.slice(0, SUMMARY_CHARS - 1).join("")}…`;
}

const toRow = (r: ListRaw): ComplaintRow => ({
  id: r.id, complaintNo: r.complaintNo, status: r.status, vin: r.vin, category: r.category, summary: summaryOf(r.description),
  createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), company: r.company, creator: r.creator.name, handler: r.handler?.name ?? null,
});

function decodeCursor(cursor: string): { before: boolean; createdAt: Date; id: number } | null {
  const c = decodeTimeCursor(cursor);
  return c && { before: c.before, createdAt: c.at, id: c.id };
}
const cursorOf = (dir: "a" | "b", r: { createdAt: Date; id: number }) => `${dir}${r.createdAt.getTime()}_${r.id}`;

export async function listComplaints(viewer: Viewer, filters: ComplaintFilters): Promise<ComplaintPage> {
  const staff = viewer.userType !== "DEALER";
  const where: Prisma.ComplaintWhereInput = { AND: [await complaintScope(viewer), ...filterWhere(viewer, filters, staff)] };
  const size = Math.min(Math.max(1, filters.size), MAX_PAGE_SIZE);
  const c = decodeCursor(filters.cursor);
  const before = !!c?.before;
  const keyset: Prisma.ComplaintWhereInput | null = c
    ? before
      ? { OR: [{ createdAt: { gt: c.createdAt } }, { createdAt: c.createdAt, id: { gt: c.id } }] }
      : { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] }
    : null;
  const dir = before ? "asc" : "desc";
  const [raw, count] = await Promise.all([
    db().complaint.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: [{ createdAt: dir }, { id: dir }], take: size + 1, select: LIST_SELECT }),
    db().complaint.count({ where, take: COUNT_CAP + 1 }),
  ]);
  const more = raw.length > size;
  const page = raw.slice(0, size);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  return {
    rows: page.map(toRow),
    filters,
    next: last && (before ? true : more) ? cursorOf("a", last) : null,
    prev: first && (before ? more : !!c) ? cursorOf("b", first) : null,
    total: { count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP },
    staff,
  };
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
export type ComplaintRouteData = { kind: "list"; list: ComplaintPage; canCreate: boolean; rules: ComplaintUploadRules | null } | { kind: "detail"; complaint: ComplaintView } | { kind: "missing" };

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
  const [list, rules] = await Promise.all([listComplaints(viewer, parseComplaintFilters(p)), canCreate ? getUploadRules() : null]);
  return { kind: "list", list, canCreate, rules: rules ? { image: rules.IMAGE, video: rules.VIDEO } : null };
}
