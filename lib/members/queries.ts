import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { companyWhereFor, resolveScope } from "@/lib/access/scope";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { text } from "@/lib/core/list-params";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { choiceParam, cursorParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { companyFilter, readKeysetPage } from "@/lib/list/prisma";
import { maskPhone } from "@/lib/vehicles/sales/lists";
import { DEFAULT_MEMBER_SIZE, LEDGER_SIZE, MEMBER_ROUTE, MEMBER_SIZES, MEMBER_TABS, maskName, NO_TIER, searchKind, type MemberTab, type PointKind } from "./options";
import { getRules, listTiers, type RuleView, type TierRow } from "./tiers";

// The member register and a member's ledger (system/memberSystem and GET /api/v1/members…).
// Who sees whom: a dealer the members it enrolled (Member.companyId = the signed-in company);
// staff and administrators the members of the companies in their data scope. Anyone else's
// member answers 404 like a missing one. The register pages by keyset on (createdAt desc, id
// desc) over the (companyId | –, createdAt, id) indexes with a capped count; a full phone is an
// exact lookup (unique index), a name a prefix (Member_name_prefix_idx, text_pattern_ops).
// Names and phones leave the server masked (./options.ts maskName, maskPhone).

export const MAX_MEMBER_PAGE = 100;

export type MemberFilters = {
  q: string;
  /** A tier id, "none", or "" (any). */
  tier: string;
  /** Staff only: dealer code prefix or part of its name. */
  dealer: string;
  cursor: string;
  size: number;
};

type Named = { id: number; code: string; nameEn: string; nameZh: string };

export type MemberRow = {
  id: number;
  memberNo: string;
  name: string;
  phone: string;
  tier: Named | null;
  balance: number;
  earnedTotal: number;
  dealer: Named;
  joinedAt: string;
};

export type MemberPage = { rows: MemberRow[]; filters: MemberFilters; next: string | null; prev: string | null; total: Total; staff: boolean };

export function parseMemberFilters(p: URLSearchParams): MemberFilters {
  const tier = p.get("tier") ?? "";
  return {
    q: text(p, "q", 50),
    tier: tier === NO_TIER || /^[1-9]\d{0,9}$/.test(tier) ? tier : "",
    dealer: text(p, "dealer", 50),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_MEMBER_SIZE, max: MAX_MEMBER_PAGE }),
  };
}

/** The register's URL query: filters, a size other than the default, then `extra` (a cursor, an id). */
export function memberQuery(f: Partial<MemberFilters>, extra: Record<string, string | number> = {}): string {
  return queryString({ q: f.q, tier: f.tier, dealer: f.dealer, size: sizeValue(f.size, DEFAULT_MEMBER_SIZE) }, extra);
}

/** `where` over Member: whose members the viewer sees at all. */
export async function memberScope(viewer: Viewer): Promise<Prisma.MemberWhereInput> {
  const scope = await resolveScope(viewer);
  if (scope.kind === "company") return { companyId: scope.companyId };
  if (scope.kind === "all") return {};
  return { company: companyWhereFor(viewer, scope) };
}

async function memberWhere(viewer: Viewer, f: MemberFilters): Promise<Prisma.MemberWhereInput> {
  const and: Prisma.MemberWhereInput[] = [await memberScope(viewer)];
  const search = searchKind(f.q);
  if (search && "phone" in search) and.push({ phone: search.phone });
  else if (search) and.push({ name: { startsWith: search.name } });
  if (f.tier === NO_TIER) and.push({ tierId: null });
  else if (f.tier) and.push({ tierId: Number(f.tier) });
  if (viewer.userType !== "DEALER" && f.dealer) and.push({ company: companyFilter(f.dealer) });
  return { AND: and };
}

const NAMED = { select: { id: true, code: true, nameEn: true, nameZh: true } } as const;
const MEMBER_SELECT = {
  id: true,
  memberNo: true,
  name: true,
  phone: true,
  balance: true,
  earnedTotal: true,
  createdAt: true,
  tier: NAMED,
  company: NAMED,
} as const;
type RawMember = Prisma.MemberGetPayload<{ select: typeof MEMBER_SELECT }>;

const toRow = (m: RawMember): MemberRow => ({
  id: m.id,
  memberNo: m.memberNo,
  name: maskName(m.name),
  phone: maskPhone(m.phone),
  tier: m.tier,
  balance: m.balance,
  earnedTotal: m.earnedTotal,
  dealer: m.company,
  joinedAt: m.createdAt.toISOString(),
});

/** The screen (or its endpoints) must be open to the viewer: 403 otherwise. */
export async function assertMemberScreen(viewer: Viewer): Promise<void> {
  if (!(await canOpenRoute(viewer, MEMBER_ROUTE))) throw new ForbiddenError(MEMBER_ROUTE);
}

/** One page of the register and its capped count. */
export async function listMembers(viewer: Viewer, f: MemberFilters): Promise<MemberPage> {
  const where = await memberWhere(viewer, f);
  const page = await readKeysetPage(
    f,
    "createdAt",
    where,
    (q) => db().member.findMany({ ...q, select: MEMBER_SELECT }),
    (q) => db().member.count(q),
    { maxSize: MAX_MEMBER_PAGE },
  );
  return { ...page, rows: page.rows.map(toRow), filters: f, staff: viewer.userType !== "DEALER" };
}

export type MemberDetail = MemberRow & { consentAt: string; updatedAt: string };

/** One member the viewer may see, else 404. */
export async function getMember(viewer: Viewer, id: number): Promise<MemberDetail> {
  const m = await db().member.findFirst({ where: { AND: [{ id }, await memberScope(viewer)] }, select: { ...MEMBER_SELECT, consentAt: true, updatedAt: true } });
  if (!m) throw new NotFoundError();
  return { ...toRow(m), consentAt: m.consentAt.toISOString(), updatedAt: m.updatedAt.toISOString() };
}

export type LedgerEntry = {
  id: number;
  at: string;
  kind: PointKind;
  /** Signed: + earned, − taken away. */
  points: number;
  balanceAfter: number;
  /** Where it happened (null: the expiry job or an administrator). */
  dealer: Named | null;
  reason: string | null;
  expiresAt: string | null;
  /** What is left of an earned row (redeemed oldest first, or expired). */
  remaining: number;
  /** The retail sale (its VIN) or counter sale (its document) it came from. */
  sale: { id: number; vin: string | null } | null;
  counterSale: { id: number; docNo: string } | null;
  /** Whether the viewer may follow the sale's link (its own company's, or staff). */
  linkable: boolean;
  by: string | null;
};

export type LedgerFilters = { cursor: string; size: number };
export type LedgerPage = { rows: LedgerEntry[]; filters: LedgerFilters; next: string | null; prev: string | null; total: Total };

export const parseLedgerFilters = (p: URLSearchParams): LedgerFilters => ({ cursor: cursorParam(p), size: sizeParam(p, { fallback: LEDGER_SIZE, max: 100 }) });

/** A member's ledger newest first (keyset on createdAt, id); the member must be the viewer's (404). */
export async function memberLedger(viewer: Viewer, memberId: number, f: LedgerFilters): Promise<LedgerPage> {
  const member = await db().member.findFirst({ where: { AND: [{ id: memberId }, await memberScope(viewer)] }, select: { id: true } });
  if (!member) throw new NotFoundError();
  const page = await readKeysetPage(
    f,
    "createdAt",
    { memberId } as Prisma.MemberPointEntryWhereInput,
    (q) =>
      db().memberPointEntry.findMany({
        ...q,
        select: {
          id: true,
          createdAt: true,
          kind: true,
          points: true,
          balanceAfter: true,
          remaining: true,
          companyId: true,
          reason: true,
          expiresAt: true,
          vehicleSaleId: true,
          documentId: true,
          createdById: true,
        },
      }),
    (q) => db().memberPointEntry.count(q),
    { maxSize: 100 },
  );
  const ids = (pick: (r: (typeof page.rows)[number]) => number | null) => [...new Set(page.rows.map(pick).filter((v): v is number => v !== null))];
  const [companies, sales, docs, users] = await Promise.all([
    ids((r) => r.companyId).length ? db().company.findMany({ where: { id: { in: ids((r) => r.companyId) } }, select: NAMED.select }) : [],
    ids((r) => r.vehicleSaleId).length
      ? db().vehicleSale.findMany({ where: { id: { in: ids((r) => r.vehicleSaleId) } }, select: { id: true, vehicle: { select: { vin: true } } } })
      : [],
    ids((r) => r.documentId).length ? db().wmsDocument.findMany({ where: { id: { in: ids((r) => r.documentId) } }, select: { id: true, docNo: true } }) : [],
    ids((r) => r.createdById).length ? db().user.findMany({ where: { id: { in: ids((r) => r.createdById) } }, select: { id: true, name: true } }) : [],
  ]);
  const company = new Map(companies.map((c) => [c.id, c]));
  const sale = new Map(sales.map((s) => [s.id, { id: s.id, vin: s.vehicle.vin }]));
  const doc = new Map(docs.map((d) => [d.id, d]));
  const user = new Map(users.map((u) => [u.id, u.name]));
  const dealer = viewer.userType === "DEALER";
  return {
    ...page,
    filters: f,
    rows: page.rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      kind: r.kind,
      points: r.points,
      balanceAfter: r.balanceAfter,
      remaining: r.remaining,
      dealer: r.companyId ? (company.get(r.companyId) ?? null) : null,
      reason: r.reason,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      sale: r.vehicleSaleId ? (sale.get(r.vehicleSaleId) ?? null) : null,
      counterSale: r.documentId ? (doc.get(r.documentId) ?? null) : null,
      linkable: !dealer || r.companyId === viewer.company?.id,
      by: r.createdById ? (user.get(r.createdById) ?? null) : null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The screen

export type MemberCan = { tiers: boolean; rules: boolean; adjust: boolean };

export type MemberRoute =
  | { kind: "list"; can: MemberCan; page: MemberPage; tiers: Named[] }
  | { kind: "detail"; can: MemberCan; member: MemberDetail; ledger: LedgerPage }
  | { kind: "tiers"; can: MemberCan; tiers: TierRow[] }
  | { kind: "rules"; can: MemberCan; rules: RuleView }
  | { kind: "missing" };

export function memberCan(viewer: Viewer): MemberCan {
  return { tiers: hasPermission(viewer, "memberTier:manage"), rules: hasPermission(viewer, "memberRule:manage"), adjust: hasPermission(viewer, "memberPoints:adjust") };
}

/** What system/memberSystem shows for its URL: ?tab=tiers|rules (with the permission), a
 * member at ?id= (another tenant's: missing → 404), or the register. */
export async function loadMemberRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<MemberRoute> {
  await assertMemberScreen(viewer);
  const p = url instanceof URL ? url.searchParams : url;
  const can = memberCan(viewer);
  const tab: MemberTab = choiceParam(p, "tab", MEMBER_TABS) || "members";
  if (tab === "tiers" && can.tiers) return { kind: "tiers", can, tiers: await listTiers() };
  if (tab === "rules" && can.rules) return { kind: "rules", can, rules: await getRules() };
  if (p.has("id")) {
    const raw = p.get("id") ?? "";
    const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
    if (!id) return { kind: "missing" };
    try {
      const [member, ledger] = await Promise.all([getMember(viewer, id), memberLedger(viewer, id, parseLedgerFilters(p))]);
      return { kind: "detail", can, member, ledger };
    } catch (e) {
      if (e instanceof NotFoundError) return { kind: "missing" };
      throw e;
    }
  }
  const [page, tiers] = await Promise.all([
    listMembers(viewer, parseMemberFilters(p)),
    db().memberTier.findMany({ orderBy: [{ threshold: "asc" }, { id: "asc" }], take: 100, select: NAMED.select }),
  ]);
  return { kind: "list", can, page, tiers };
}

export { MEMBER_SIZES };
