import { NextRequest } from "next/server";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as goodsApi } from "@/app/api/v1/goods/route";
import { GET as ordersApi } from "@/app/api/v1/orders/route";
import { POST as cartPost } from "@/app/api/v1/cart/route";
import { PATCH as cartPatch } from "@/app/api/v1/cart/[id]/route";
import { db } from "@/lib/db";
import { loadDownloadRoute } from "@/lib/downloads/loader";
import { loadCatalog } from "@/lib/mall/goods/queries";
import { loadOrderRoute } from "@/lib/mall/orders/queries";
import { searchReturnPartsAction } from "@/lib/after-sales/returns/actions";
import { saveAddressAction } from "@/lib/mall/addresses/actions";
import { saveOrgSourceAction } from "@/lib/system/org-source-actions";
import { loaderFor } from "@/lib/server-loaders";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, uid } from "@/lib/test/factories";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => ({ ...m.cacheMock, unstable_cache: <F>(fn: F) => fn, updateTag: () => {} })));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 16: input PostgreSQL cannot take is refused as input (4xx, a field error), never a 500:
// a NUL (or another control character) in any text, and keyset cursors whose id is beyond int4.

const API = "http://localhost/customerWeb/api/v1";
const NUL = "\u0000";
const BIG = "9999999999"; // ten digits: the cursors' pattern allows it, int4 does not
let dealer: { id: number };
let company: number;
let admin: { id: number };
let goodsId: number;

beforeAll(async () => {
  const role = await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
  company = (await makeCompany()).id;
  dealer = await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [role.id] });
  admin = await makeUser({ userType: "ADMIN" });
  const code = uid("G");
  goodsId = (await db().goods.create({ data: { kind: "PART", code, nameEn: `Goods ${code}`, nameZh: `商品${code}`, price: "10.00", stock: 100, minOrderQty: 1, onSale: true } }))
    .id;
});

beforeEach(async () => {
  setTestLocale("en-US");
  await actAs(dealer, company);
});

const get = (path: string) => new NextRequest(`${API}${path}`);
const send = (path: string, method: string, body: string) => new NextRequest(`${API}${path}`, { method, body, headers: { "Content-Type": "application/json" } });
const json = async (res: Response) => (await res.json()) as { code: string; message: string; fieldErrors?: Record<string, string> };

describe("a NUL character in text", () => {
  it("is a field error on the REST API: the goods search and a cart body", async () => {
    const search = await goodsApi(get(`/goods?kind=PART&q=${encodeURIComponent(`brake${NUL}`)}`));
    expect(search.status).toBe(422);
    expect(await json(search)).toMatchObject({ code: "VALIDATION", fieldErrors: { q: "Search must not contain control characters" } });

    const added = await cartPost(send("/cart", "POST", JSON.stringify({ goodsId, quantity: 1, remark: `urgent${NUL}` })));
    expect(added.status).toBe(422);
    expect(await json(added)).toMatchObject({ code: "VALIDATION", fieldErrors: { remark: "Remark must not contain control characters" } });
    const line = (await (await cartPost(send("/cart", "POST", JSON.stringify({ goodsId, quantity: 1 })))).json()) as { line: { id: number } };
    const patched = await cartPatch(send(`/cart/${line.line.id}`, "PATCH", JSON.stringify({ quantity: 2, remark: `a${NUL}b` })), {
      params: Promise.resolve({ id: String(line.line.id) }),
    });
    expect(patched.status).toBe(422);
    expect((await json(patched)).fieldErrors).toEqual({ remark: "Remark must not contain control characters" });
    setTestLocale("zh-CN");
    const zh = await cartPatch(send(`/cart/${line.line.id}`, "PATCH", JSON.stringify({ remark: `\u0007` })), { params: Promise.resolve({ id: String(line.line.id) }) });
    expect((await json(zh)).fieldErrors).toEqual({ remark: "备注不能包含控制字符" });
    // Tabs and line breaks are text, not control characters.
    setTestLocale("en-US");
    const ok = await cartPatch(send(`/cart/${line.line.id}`, "PATCH", JSON.stringify({ remark: "line 1\r\nline 2\tend" })), {
      params: Promise.resolve({ id: String(line.line.id) }),
    });
    expect(ok.status).toBe(200);
  });

  it("is a field error in a form action, whatever the schema's string type", async () => {
    const address = await saveAddressAction({ receiver: `Li${NUL}Lei`, phone: "13800000001", area: [1], address: "No. 1 Road", isDefault: false });
    expect(address).toMatchObject({ ok: false, fieldErrors: { receiver: expect.stringMatching(/must not contain control characters$/) } });
    // A plain z.string() (the parts search of the return form) is covered by the action wrapper.
    const parts = await searchReturnPartsAction({ q: `brake${NUL}` });
    expect(parts).toMatchObject({ ok: false, fieldErrors: { q: expect.stringMatching(/must not contain control characters$/) } });
    await actAs(admin);
    const saved = await saveOrgSourceAction({ code: uid("S"), nameEn: `4S${NUL}`, nameZh: "四S店", sort: 1, enabled: true, remark: null });
    expect(saved).toEqual({
      ok: false,
      code: "VALIDATION",
      message: "Name (English) must not contain control characters",
      fieldErrors: { nameEn: "Name (English) must not contain control characters" },
    });
  });

  it("in a list's search box is ignored by the server-rendered lists (no 500)", async () => {
    const mall = await loadCatalog((await actAs(dealer, company))!, "PART", new URLSearchParams({ q: `x${NUL}` }));
    expect(mall).toMatchObject({ mode: "list", q: "" });
    const orders = await loadOrderRoute((await actAs(dealer, company))!, "PARTS", new URLSearchParams({ orderNo: `SO${NUL}`, company: `x${NUL}` }));
    expect(orders.kind).toBe("list");
    const downloads = await loadDownloadRoute(
      (await actAs(dealer, company))!,
      new URL(`http://localhost/customerWeb/download/downloadCenters?q=${encodeURIComponent(`price${NUL}`)}`),
    );
    expect(downloads).toBeTruthy();
  });
});

describe("a cursor id beyond int4", () => {
  it("is refused by the REST lists (422 on the cursor), not a database error", async () => {
    const orders = await ordersApi(get(`/orders?type=PARTS&cursor=a1700000000000_${BIG}`));
    expect(orders.status).toBe(422);
    expect((await json(orders)).fieldErrors).toHaveProperty("cursor");
    const goods = await goodsApi(get(`/goods?kind=PART&cursor=1_${BIG}`));
    expect(goods.status).toBe(422);
    expect((await json(goods)).fieldErrors).toHaveProperty("cursor");
  });

  it("is treated as no cursor by the server-rendered lists and /__serverLoader", async () => {
    const viewer = (await actAs(dealer, company))!;
    const orders = await loadOrderRoute(viewer, "PARTS", new URLSearchParams({ cursor: `a1700000000000_${BIG}` }));
    expect(orders).toMatchObject({ kind: "list" });
    const loader = loaderFor("onlineMall/mountings/order")!;
    expect(await loader(viewer, new URL(`http://localhost/customerWeb/onlineMall/mountings/order?cursor=b1700000000000_${BIG}`))).toMatchObject({ kind: "list" });
    expect(await loadCatalog(viewer, "PART", new URLSearchParams({ cursor: `1_${BIG}` }))).toMatchObject({ mode: "list", cursor: null });
    expect(await loadOrderRoute(viewer, "PARTS", new URLSearchParams({ id: BIG }))).toEqual({ kind: "missing" });
  });
});
