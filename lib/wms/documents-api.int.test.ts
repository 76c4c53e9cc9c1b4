import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listRoute } from "@/app/api/v1/wms/documents/route";
import { GET as detailRoute } from "@/app/api/v1/wms/documents/[id]/route";
import { POST as cancelRoute } from "@/app/api/v1/wms/documents/[id]/cancel/route";
import { POST as countRoute } from "@/app/api/v1/wms/documents/[id]/count/route";
import { POST as countsRoute } from "@/app/api/v1/wms/documents/[id]/counts/route";
import { POST as postRoute } from "@/app/api/v1/wms/documents/[id]/post/route";
import { POST as receiveRoute } from "@/app/api/v1/wms/documents/[id]/receive/route";
import { POST as shipRoute } from "@/app/api/v1/wms/documents/[id]/ship/route";
import { POST as deliveriesRoute } from "@/app/api/v1/wms/documents/deliveries/route";
import { POST as entriesRoute } from "@/app/api/v1/wms/documents/entries/route";
import { POST as movesRoute } from "@/app/api/v1/wms/documents/moves/route";
import { POST as stocktakesRoute } from "@/app/api/v1/wms/documents/stocktakes/route";
import { POST as transfersRoute } from "@/app/api/v1/wms/documents/transfers/route";
import { db } from "@/lib/db";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeGoods, makeStaff, makeUser, roleId } from "@/lib/test/factories";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The warehouse documents over REST (app/api/v1/wms/documents…) against PostgreSQL: an entry
// made, posted and read back; the list of a kind by keyset pages; 422 naming the field in both
// languages; another company's document is 404 on read and on every write; staff read in scope
// and are refused every write (403); a group transfer shipped by one company of a dealer and
// received short by the other (the same user signed in with it); delivery, move and stocktake
// through their whole lives.

type Handler = (req: NextRequest, route?: { params?: Promise<Record<string, string>> }) => Promise<Response>;
type Json = Record<string, unknown>;
type Doc = {
  id: number;
  docNo: string;
  status: string;
  type: string;
  moves: string[];
  ledgerRows: number;
  lines: { id: number; to: string | null; quantity: number | null; receivedQty: number | null; countedQty: number | null }[];
};

const BASE = "http://localhost/customerWeb/api/v1/wms/documents";

async function call(handler: Handler, path: string, opts: { id?: number; body?: unknown; headers?: Record<string, string> } = {}) {
  const method = handler === listRoute || handler === detailRoute ? "GET" : "POST";
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers: { ...opts.headers } };
  if (opts.body !== undefined) {
    init.headers["content-type"] ??= "application/json";
    init.body = JSON.stringify(opts.body);
  }
  const res = await handler(new NextRequest(`${BASE}${path}`, init), { params: Promise.resolve<Record<string, string>>(opts.id === undefined ? {} : { id: String(opts.id) }) });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

const detail = async (id: number) => {
  const r = await call(detailRoute, `/${id}`, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Doc;
};

let dealerRole: number;
let part: number;
type Site = { companyId: number; warehouseId: number; loc: Record<string, number> };
let a: Site & { userId: number };
let b: Site & { userId: number };
let g1: Site;
let g2: Site;
let groupUser: number;
let staff: { id: number };

async function site(companyId: number): Promise<Site> {
  const w = await db().warehouse.create({
    data: { companyId, code: `W${Math.random().toString(36).slice(2, 8)}`, name: "Main", locations: { create: [{ code: "A-01" }, { code: "A-02" }] } },
    include: { locations: { orderBy: { id: "asc" } } },
  });
  return { companyId, warehouseId: w.id, loc: Object.fromEntries(w.locations.map((l) => [l.code, l.id])) };
}

async function dealer() {
  const companyId = (await makeCompany()).id;
  const userId = (await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [dealerRole] })).id;
  return { ...(await site(companyId)), userId };
}

/** An entry made and posted over REST: `quantity` of the part into A-01. */
async function stockUp(s: Site, quantity: number) {
  const made = await call(entriesRoute, "/entries", {
    body: { warehouseId: s.warehouseId, source: "OPENING", lines: [{ goodsId: part, quantity, unitCost: "10.00", toLocationId: s.loc["A-01"] }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const posted = await call(postRoute, `/${String(made.body.id)}/post`, { id: made.body.id as number });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return made.body as { id: number; docNo: string };
}

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  part = (await makeGoods({ kind: "PART" })).id;
  [a, b] = await Promise.all([dealer(), dealer()]);
  const [c1, c2] = await Promise.all([makeCompany(), makeCompany()]);
  groupUser = (await makeUser({ userType: "DEALER", companyIds: [c1.id, c2.id], roleIds: [dealerRole] })).id;
  [g1, g2] = await Promise.all([site(c1.id), site(c2.id)]);
  staff = await makeStaff({ roleIds: [await roleId("SALES_OPS")] });
});

describe("entries over REST", () => {
  it("creates an entry (201, Location), posts it choosing the location, and reads it back POSTED", async () => {
    await actAs({ id: a.userId }, a.companyId);
    const made = await call(entriesRoute, "/entries", {
      body: { warehouseId: a.warehouseId, source: "OPENING", remark: "first", lines: [{ goodsId: part, quantity: 5, unitCost: "12.50" }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(Object.keys(made.body).sort()).toEqual(["docNo", "id"]);
    const id = made.body.id as number;
    expect(made.body.docNo).toMatch(/^WE/);
    expect(made.headers.get("location")).toBe(`/customerWeb/api/v1/wms/documents/${id}`);

    const draft = await detail(id);
    expect([draft.type, draft.status, draft.moves]).toEqual(["ENTRY", "DRAFT", ["post", "cancel"]]);
    const posted = await call(postRoute, `/${id}/post`, { id, body: { lines: [{ id: draft.lines[0].id, toLocationId: a.loc["A-02"] }] } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toEqual({ id, docNo: made.body.docNo, status: "POSTED" });

    const doc = await detail(id);
    expect([doc.status, doc.lines[0].to, doc.ledgerRows, doc.moves]).toEqual(["POSTED", "A-02", 1, []]);
    const onHand = await db().stockOnHand.findUnique({ where: { locationId_goodsId: { locationId: a.loc["A-02"], goodsId: part } } });
    expect(onHand?.quantity).toBe(5);
    // Posted once: a second post is the state table's 409.
    const again = await call(postRoute, `/${id}/post`, { id });
    expect([again.status, again.body.code]).toEqual([409, "CONFLICT"]);
  });

  it("lists one kind by keyset pages with its filters", async () => {
    await actAs({ id: a.userId }, a.companyId);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(entriesRoute, "/entries", { body: { warehouseId: a.warehouseId, source: "OTHER", lines: [{ goodsId: part, quantity: 1, unitCost: "1.00" }] } });
      ids.push(r.body.id as number);
    }
    const first = await call(listRoute, "?type=ENTRY&status=DRAFT&size=2");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const rows1 = first.body.rows as { id: number; status: string }[];
    expect(rows1.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await call(listRoute, `?type=ENTRY&status=DRAFT&size=2&cursor=${String(first.body.next)}`);
    const rows2 = second.body.rows as { id: number }[];
    expect(rows2[0].id).toBe(ids[0]);
    expect(rows2.every((r) => !ids.slice(1).includes(r.id))).toBe(true);
    // Another kind's list has none of them.
    const deliveries = await call(listRoute, "?type=DELIVERY");
    expect((deliveries.body.rows as { id: number }[]).some((r) => ids.includes(r.id))).toBe(false);
  });
});

describe("validation", () => {
  it("answers 422 naming the missing type and the bad body fields, in both languages", async () => {
    await actAs({ id: a.userId }, a.companyId);
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const filters = translator("WmsDocs.filters", locale);
      const fields = translator("Wms.fields", locale);
      for (const q of ["", "?type=RETURN"]) {
        const r = await call(listRoute, q);
        expect(r.status).toBe(422);
        expect(r.body.code).toBe("VALIDATION");
        expect((r.body.fieldErrors as Json).type).toBe(translator("Validation", locale)("select", { label: filters("type") }));
      }
      const bad = await call(entriesRoute, "/entries", { body: { source: "ORDER", lines: [] } });
      expect(bad.status).toBe(422);
      const fe = bad.body.fieldErrors as Record<string, string>;
      expect(fe.warehouseId).toContain(fields("warehouseId"));
      expect(fe.source).toContain(fields("source"));
      expect(fe.lines).toContain(fields("lines"));
      // A service's field error comes out the same way: another company's warehouse.
      const foreign = await call(entriesRoute, "/entries", { body: { warehouseId: b.warehouseId, source: "OTHER", lines: [{ goodsId: part, quantity: 1, unitCost: "1.00" }] } });
      expect(foreign.status).toBe(404);
      expect((foreign.body.fieldErrors as Json).warehouseId).toBe(translator("Wms.errors", locale)("warehouseUnknown"));
    }
    setTestLocale("en-US");
  });

  it("refuses a write from another site (403) and a body that is not JSON (415)", async () => {
    await actAs({ id: a.userId }, a.companyId);
    const body = { warehouseId: a.warehouseId, source: "OTHER", lines: [{ goodsId: part, quantity: 1, unitCost: "1.00" }] };
    const cross = await call(entriesRoute, "/entries", { body, headers: { origin: "https://evil.example" } });
    expect([cross.status, cross.body.code]).toEqual([403, "FORBIDDEN"]);
    const text = await call(entriesRoute, "/entries", { body, headers: { "content-type": "text/plain" } });
    expect([text.status, text.body.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });
});

describe("tenancy", () => {
  it("another dealer company gets 404 on the document and on every write, and does not list it", async () => {
    await actAs({ id: a.userId }, a.companyId);
    const draft = await call(entriesRoute, "/entries", { body: { warehouseId: a.warehouseId, source: "OTHER", lines: [{ goodsId: part, quantity: 1, unitCost: "1.00" }] } });
    const id = draft.body.id as number;
    await actAs({ id: b.userId }, b.companyId);
    expect((await call(detailRoute, `/${id}`, { id })).status).toBe(404);
    const writes: [Handler, string, unknown][] = [
      [postRoute, "post", undefined],
      [shipRoute, "ship", undefined],
      [receiveRoute, "receive", { lines: [{ id: 1, receivedQty: 0, toLocationId: b.loc["A-01"] }] }],
      [countRoute, "count", undefined],
      [countsRoute, "counts", { counts: [] }],
      [cancelRoute, "cancel", { reason: "not mine" }],
    ];
    for (const [handler, move, body] of writes) {
      const r = await call(handler, `/${id}/${move}`, { id, body });
      expect([move, r.status, r.body.code]).toEqual([move, 404, "NOT_FOUND"]);
    }
    const list = await call(listRoute, "?type=ENTRY");
    expect((list.body.rows as { id: number }[]).some((r) => r.id === id)).toBe(false);
    expect((await db().wmsDocument.findUniqueOrThrow({ where: { id } })).status).toBe("DRAFT");
  });

  it("staff read documents in their scope and are refused every write (403)", async () => {
    await actAs({ id: a.userId }, a.companyId);
    const draft = await call(entriesRoute, "/entries", { body: { warehouseId: a.warehouseId, source: "OTHER", lines: [{ goodsId: part, quantity: 1, unitCost: "1.00" }] } });
    const id = draft.body.id as number;
    await actAs(staff);
    const doc = await detail(id);
    expect([doc.status, doc.moves]).toEqual(["DRAFT", []]);
    const list = await call(listRoute, `?type=ENTRY&docNo=${String(draft.body.docNo)}`);
    expect(list.body.staff).toBe(true);
    expect((list.body.rows as { id: number }[]).map((r) => r.id)).toEqual([id]);
    const line = { goodsId: part, quantity: 1, fromLocationId: a.loc["A-01"] };
    const writes: [Handler, string, unknown][] = [
      [entriesRoute, "/entries", { warehouseId: a.warehouseId, source: "OTHER", lines: [{ goodsId: part, quantity: 1, unitCost: "1.00" }] }],
      [deliveriesRoute, "/deliveries", { warehouseId: a.warehouseId, source: "REPAIR", lines: [line] }],
      [movesRoute, "/moves", { warehouseId: a.warehouseId, lines: [{ ...line, toLocationId: a.loc["A-02"] }] }],
      [transfersRoute, "/transfers", { warehouseId: a.warehouseId, toCompanyId: a.companyId, toWarehouseId: a.warehouseId, lines: [line] }],
      [stocktakesRoute, "/stocktakes", { warehouseId: a.warehouseId }],
      [postRoute, `/${id}/post`, undefined],
      [shipRoute, `/${id}/ship`, undefined],
      [receiveRoute, `/${id}/receive`, { lines: [{ id: 1, receivedQty: 0, toLocationId: a.loc["A-01"] }] }],
      [countRoute, `/${id}/count`, undefined],
      [countsRoute, `/${id}/counts`, { counts: [] }],
      [cancelRoute, `/${id}/cancel`, {}],
    ];
    for (const [handler, path, body] of writes) {
      const r = await call(handler, path, { id: path.startsWith(`/${id}/`) ? id : undefined, body });
      expect([path, r.status, r.body.code]).toEqual([path, 403, "FORBIDDEN"]);
    }
    expect((await db().wmsDocument.findUniqueOrThrow({ where: { id } })).status).toBe("DRAFT");
  });
});

describe("a group transfer over REST", () => {
  it("is shipped by one company of the dealer and received short by the other", async () => {
    await actAs({ id: groupUser }, g1.companyId);
    await stockUp(g1, 10);
    const made = await call(transfersRoute, "/transfers", {
      body: { warehouseId: g1.warehouseId, toCompanyId: g2.companyId, toWarehouseId: g2.warehouseId, lines: [{ goodsId: part, quantity: 4, fromLocationId: g1.loc["A-01"] }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;
    const shipped = await call(shipRoute, `/${id}/ship`, { id });
    expect(shipped.body.status).toBe("IN_TRANSIT");
    // The sender cannot receive it: the receiving company does.
    const early = await call(receiveRoute, `/${id}/receive`, { id, body: { lines: [{ id: 1, receivedQty: 1, toLocationId: g2.loc["A-01"] }] } });
    expect(early.status).toBe(404);

    await actAs({ id: groupUser }, g2.companyId);
    const incoming = await detail(id);
    expect([incoming.status, incoming.moves]).toEqual(["IN_TRANSIT", ["receive"]]);
    const listed = await call(listRoute, "?type=TRANSFER&status=IN_TRANSIT");
    expect((listed.body.rows as { id: number; incoming: boolean }[]).find((r) => r.id === id)?.incoming).toBe(true);
    const tooMany = await call(receiveRoute, `/${id}/receive`, { id, body: { lines: [{ id: incoming.lines[0].id, receivedQty: 5, toLocationId: g2.loc["A-02"] }] } });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.fieldErrors as Json)).toEqual(["lines.0.receivedQty"]);
    const received = await call(receiveRoute, `/${id}/receive`, { id, body: { lines: [{ id: incoming.lines[0].id, receivedQty: 3, toLocationId: g2.loc["A-02"] }] } });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.status).toBe("RECEIVED");
    const doc = await detail(id);
    expect([doc.status, doc.lines[0].quantity, doc.lines[0].receivedQty, doc.lines[0].to]).toEqual(["RECEIVED", 4, 3, "A-02"]);
    const there = await db().stockOnHand.findUnique({ where: { locationId_goodsId: { locationId: g2.loc["A-02"], goodsId: part } } });
    expect(there?.quantity).toBe(3);

    // A dealer outside the group sees nothing of it.
    await actAs({ id: b.userId }, b.companyId);
    expect((await call(detailRoute, `/${id}`, { id })).status).toBe(404);
  });
});

describe("deliveries, moves and stocktakes over REST", () => {
  it("post a delivery and a move, cancel a draft (reservation back), count and post a stocktake", async () => {
    const s = await dealer();
    await actAs({ id: s.userId }, s.companyId);
    await stockUp(s, 10);
    const from = s.loc["A-01"];

    const del = await call(deliveriesRoute, "/deliveries", {
      body: { warehouseId: s.warehouseId, source: "REPAIR", lines: [{ goodsId: part, quantity: 2, fromLocationId: from }] },
    });
    expect(del.status, JSON.stringify(del.body)).toBe(201);
    expect((await call(postRoute, `/${String(del.body.id)}/post`, { id: del.body.id as number })).body.status).toBe("POSTED");

    const short = await call(deliveriesRoute, "/deliveries", {
      body: { warehouseId: s.warehouseId, source: "SCRAP", lines: [{ goodsId: part, quantity: 99, fromLocationId: from }] },
    });
    expect(short.status).toBe(409);
    expect(Object.keys(short.body.fieldErrors as Json)).toEqual(["lines.0.quantity"]);

    const move = await call(movesRoute, "/moves", {
      body: { warehouseId: s.warehouseId, lines: [{ goodsId: part, quantity: 3, fromLocationId: from, toLocationId: s.loc["A-02"] }] },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(201);
    expect((await call(postRoute, `/${String(move.body.id)}/post`, { id: move.body.id as number })).body.status).toBe("POSTED");

    const drop = await call(deliveriesRoute, "/deliveries", {
      body: { warehouseId: s.warehouseId, source: "OTHER", lines: [{ goodsId: part, quantity: 1, fromLocationId: from }] },
    });
    const cancelled = await call(cancelRoute, `/${String(drop.body.id)}/cancel`, { id: drop.body.id as number, body: { reason: "typo" } });
    expect(cancelled.body.status).toBe("CANCELLED");
    const atFrom = await db().stockOnHand.findUniqueOrThrow({ where: { locationId_goodsId: { locationId: from, goodsId: part } } });
    expect([atFrom.quantity, atFrom.reserved]).toEqual([5, 0]);

    const st = await call(stocktakesRoute, "/stocktakes", { body: { warehouseId: s.warehouseId, locationIds: [from] } });
    expect(st.status, JSON.stringify(st.body)).toBe(201);
    const stId = st.body.id as number;
    expect((await call(countRoute, `/${stId}/count`, { id: stId })).body.status).toBe("COUNTING");
    const counting = await detail(stId);
    expect(counting.lines.map((l) => l.quantity)).toEqual([null]);
    // Every line counted before posting.
    const early = await call(postRoute, `/${stId}/post`, { id: stId });
    expect(Object.keys(early.body.fieldErrors as Json)).toEqual(["counts.0.countedQty"]);
    const counted = await call(countsRoute, `/${stId}/counts`, { id: stId, body: { counts: [{ id: counting.lines[0].id, countedQty: 4 }] } });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect((await call(postRoute, `/${stId}/post`, { id: stId })).body.status).toBe("POSTED");
    const after = await db().stockOnHand.findUniqueOrThrow({ where: { locationId_goodsId: { locationId: from, goodsId: part } } });
    expect(after.quantity).toBe(4);
  });
});
