import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as cartPost } from "@/app/api/v1/cart/route";
import { DELETE as cartLineDelete } from "@/app/api/v1/cart/[id]/route";
import { POST as importPost } from "@/app/api/v1/admin/[resource]/import/route";
import { POST as uploadPost } from "@/app/api/v1/uploads/route";
import { db } from "@/lib/db";
import { issueTokens } from "@/lib/oauth/tokens";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, uid } from "@/lib/test/factories";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 16: cookie-authenticated writes to the REST API must be JSON (multipart only where a
// file is sent) and come from the app's own origin; SameSite alone is not relied upon.

const APP = "http://localhost/customerWeb/api/v1";
let dealer: { id: number };
let company: number;
let admin: { id: number };
let goodsId: number;

beforeAll(async () => {
  setTestLocale("en-US");
  const role = await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
  company = (await makeCompany()).id;
  dealer = await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [role.id] });
  admin = await makeUser({ userType: "ADMIN" });
  const code = uid("G");
  goodsId = (await db().goods.create({ data: { kind: "PART", code, nameEn: `Goods ${code}`, nameZh: `商品${code}`, price: "10.00", stock: 10_000, minOrderQty: 1, onSale: true } }))
    .id;
});

afterEach(() => {
  vi.unstubAllEnvs();
  setTestLocale("en-US");
});

const addToCart = (headers: Record<string, string>, body = JSON.stringify({ goodsId, quantity: 1 })) => cartPost(new NextRequest(`${APP}/cart`, { method: "POST", headers, body }));
const json = async (res: Response) => (await res.json()) as { code: string; message: string };

describe("cookie-authenticated writes", () => {
  it("refuses a text/plain body from another site (the form a foreign page can post without a preflight)", async () => {
    await actAs(dealer, company);
    const res = await addToCart({ "Content-Type": "text/plain", Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({
      code: "FORBIDDEN",
      message: "This request came from another site and was refused. Use the application's own pages, or send JSON without an Origin from a script.",
    });
    expect(await db().cartLine.count({ where: { userId: dealer.id } })).toBe(0);
  });

  it("answers 415 to form-encoded and text bodies, wherever they come from", async () => {
    await actAs(dealer, company);
    const form = await addToCart({ "Content-Type": "application/x-www-form-urlencoded" }, "goodsId=1&quantity=1");
    expect(form.status).toBe(415);
    expect(await json(form)).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the request body as JSON (Content-Type: application/json)." });
    expect((await addToCart({ "Content-Type": "text/plain", Origin: "http://localhost" })).status).toBe(415);
    expect((await addToCart({ "Content-Type": "multipart/form-data; boundary=x", "Sec-Fetch-Site": "same-origin" }, "--x--")).status).toBe(415);
    setTestLocale("zh-CN");
    expect(await json(await addToCart({ "Content-Type": "text/plain" }))).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "请求体须为 JSON（Content-Type: application/json）。",
    });
    expect(await db().cartLine.count({ where: { userId: dealer.id } })).toBe(0);
  });

  it("refuses JSON from another origin or another site, in the reader's language", async () => {
    await actAs(dealer, company);
    expect((await addToCart({ "Content-Type": "application/json", Origin: "https://evil.example" })).status).toBe(403);
    expect((await addToCart({ "Content-Type": "application/json", Origin: "https://localhost" })).status).toBe(403); // another scheme
    expect((await addToCart({ "Content-Type": "application/json", Origin: "null" })).status).toBe(403);
    expect((await addToCart({ "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await addToCart({ "Content-Type": "application/json", "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    setTestLocale("zh-CN");
    expect(await json(await addToCart({ "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" }))).toEqual({
      code: "FORBIDDEN",
      message: "该请求来自其他网站，已被拒绝。请使用本系统的页面，或由脚本发送不带 Origin 的 JSON。",
    });
    expect(await db().cartLine.count({ where: { userId: dealer.id } })).toBe(0);
  });

  it("accepts JSON from the app's own pages, behind a proxy, at APP_URL, and from scripts without an Origin (README's curl flow)", async () => {
    await actAs(dealer, company);
    expect((await addToCart({ "Content-Type": "application/json; charset=utf-8", Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" })).status).toBe(201);
    expect((await addToCart({ "Content-Type": "application/json" })).status).toBe(200); // curl: neither header
    expect(
      (await addToCart({ "Content-Type": "application/json", Origin: "https://dealers.example.com", "X-Forwarded-Host": "dealers.example.com", "X-Forwarded-Proto": "https" }))
        .status,
    ).toBe(200);
    vi.stubEnv("APP_URL", "https://portal.example.com/customerWeb");
    expect((await addToCart({ "Content-Type": "application/json", Origin: "https://portal.example.com", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await addToCart({ "Content-Type": "application/json", "Sec-Fetch-Site": "none" })).status).toBe(200);
    const line = await db().cartLine.findFirstOrThrow({ where: { userId: dealer.id, goodsId } });
    expect(line.quantity).toBe(5);
    // A write without a body has no content type to check (the bell's "mark read", DELETE).
    const removed = await cartLineDelete(new NextRequest(`${APP}/cart/${line.id}`, { method: "DELETE", headers: { Origin: "http://localhost" } }), {
      params: Promise.resolve({ id: String(line.id) }),
    });
    expect(removed.status).toBe(200);
  });

  it("leaves requests with a bearer token to the token check (issue 22), which refuses an invalid one whatever the session", async () => {
    await actAs(dealer, company);
    const res = await addToCart({ "Content-Type": "text/plain", Origin: "https://evil.example", Authorization: "Bearer some-token" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect(await json(res)).toMatchObject({ code: "UNAUTHORIZED" });
    const client = await db().oAuthClient.create({
      data: { clientId: uid("wg"), name: "Write guard", grants: ["client_credentials"], redirectUris: [], scopes: ["orders:write"] },
    });
    const { accessToken } = await issueTokens({ clientId: client.id, userId: dealer.id, companyId: company, scopes: ["orders:write"], accessSeconds: 600, refreshSeconds: null });
    await actAs(null);
    expect([200, 201]).toContain((await addToCart({ "Content-Type": "application/json", Authorization: `Bearer ${accessToken}` })).status);
    await db().cartLine.deleteMany({ where: { userId: dealer.id } });
  });
});

describe("file uploads and imports", () => {
  const fileForm = () => {
    const form = new FormData();
    form.set("kind", "FILE");
    form.set("count", "0");
    form.set("file", new File([Buffer.from("%PDF-1.7\n%%EOF\n")], "a.pdf", { type: "application/pdf" }));
    return form;
  };

  it("refuses an upload from another site and a body that is not multipart", async () => {
    await actAs(dealer, company);
    const foreign = await uploadPost(new Request(`${APP}/uploads`, { method: "POST", body: fileForm(), headers: { Origin: "https://evil.example" } }));
    expect(foreign.status).toBe(403);
    expect(await json(foreign)).toMatchObject({ code: "FORBIDDEN" });
    const crossSite = await uploadPost(new Request(`${APP}/uploads`, { method: "POST", body: fileForm(), headers: { "Sec-Fetch-Site": "cross-site" } }));
    expect(crossSite.status).toBe(403);
    const text = await uploadPost(new Request(`${APP}/uploads`, { method: "POST", body: "kind=FILE", headers: { "Content-Type": "text/plain" } }));
    expect(text.status).toBe(415);
    expect(await json(text)).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(await db().attachment.count({ where: { uploaderId: dealer.id } })).toBe(0);
  });

  it("refuses an import posted from another site", async () => {
    await actAs(admin);
    const form = new FormData();
    form.set("file", new File([Buffer.from("not a workbook")], "x.xlsx"));
    const req = new NextRequest(`${APP}/admin/dict/import`, { method: "POST", body: form, headers: { Origin: "https://evil.example" } });
    const res = await importPost(req, { params: Promise.resolve({ resource: "dict" }) });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({ code: "FORBIDDEN" });
  });
});
