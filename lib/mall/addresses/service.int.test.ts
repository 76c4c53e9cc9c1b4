import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser } from "@/lib/test/factories";
import { deleteAddressesAction, saveAddressAction, setDefaultAddressAction } from "./actions";
import { loadAddressBook } from "./service";
import { GET as getAddresses } from "@/app/api/v1/addresses/route";

const GET = () => getAddresses(new NextRequest("http://app.invalid/customerWeb/api/v1/addresses"));

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The address book: exactly one default, the dealer's company only (404 for another's), the
// form's validation, and the REST list.

let a: { user: number; company: number };
let b: { user: number; company: number };
let staff: number;
let pudong: number[];
let chaoyang: number[];

const path = async (code: string) => {
  const ids: number[] = [];
  let r = await db().regionArea.findUniqueOrThrow({ where: { code }, select: { id: true, parentId: true } });
  ids.unshift(r.id);
  while (r.parentId) {
    r = await db().regionArea.findUniqueOrThrow({ where: { id: r.parentId }, select: { id: true, parentId: true } });
    ids.unshift(r.id);
  }
  return ids;
};
const input = (over: Record<string, unknown> = {}) => ({ receiver: "Wang Fang", phone: "13912345678", area: pudong, address: "No. 1 Test Road", isDefault: false, ...over });
const defaults = (companyId: number) => db().address.findMany({ where: { companyId, isDefault: true }, select: { id: true } });
const asA = () => actAs({ id: a.user }, a.company);
const asB = () => actAs({ id: b.user }, b.company);

beforeAll(async () => {
  setTestLocale("en-US");
  const dealerRole = await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
  const ca = await makeCompany();
  const cb = await makeCompany();
  a = { company: ca.id, user: (await makeUser({ userType: "DEALER", companyIds: [ca.id], roleIds: [dealerRole.id] })).id };
  b = { company: cb.id, user: (await makeUser({ userType: "DEALER", companyIds: [cb.id], roleIds: [dealerRole.id] })).id };
  staff = (await makeUser({ userType: "STAFF" })).id;
  pudong = await path("310115");
  chaoyang = await path("110105");
});

describe("address book", () => {
  it("makes the first address the default and keeps exactly one default", async () => {
    await asA();
    const first = await saveAddressAction(input());
    expect(first).toMatchObject({ ok: true, data: { isDefault: true, regionAreaId: pudong[pudong.length - 1] } });
    const second = await saveAddressAction(input({ receiver: "Second", area: chaoyang, isDefault: true }));
    expect(second).toMatchObject({ ok: true, data: { isDefault: true } });
    expect(await defaults(a.company)).toEqual([{ id: (second as { data: { id: number } }).data.id }]);
    const firstId = (first as { data: { id: number } }).data.id;
    expect(await setDefaultAddressAction({ id: firstId })).toMatchObject({ ok: true });
    expect(await defaults(a.company)).toEqual([{ id: firstId }]);
  });

  it("refuses to leave the book without a default", async () => {
    await asA();
    const [d] = await defaults(a.company);
    expect(await saveAddressAction(input({ id: d.id, isDefault: false }))).toMatchObject({
      ok: false,
      fieldErrors: { isDefault: "One address must be the default: set another address as the default instead." },
    });
  });

  it("hands the default to another address when the default is deleted", async () => {
    await asA();
    const [d] = await defaults(a.company);
    expect(await deleteAddressesAction({ ids: [d.id] })).toMatchObject({ ok: true, data: { deleted: 1 } });
    expect(await defaults(a.company)).toHaveLength(1);
    expect((await defaults(a.company))[0].id).not.toBe(d.id);
  });

  it("keeps one default when many requests race to set it", async () => {
    await asA();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => saveAddressAction(input({ receiver: `Race ${i}`, isDefault: true }))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await defaults(a.company)).toHaveLength(1);
  });

  it("validates the form and names the field", async () => {
    await asA();
    const before = await db().address.count({ where: { companyId: a.company } });
    expect(await saveAddressAction(input({ phone: "12345", receiver: "", area: [] }))).toMatchObject({
      ok: false,
      fieldErrors: { phone: "Phone is not a valid mobile phone number", receiver: "Please enter Receiver", area: "Please select Area" },
    });
    expect(await saveAddressAction(input({ area: [999999999] }))).toMatchObject({
      ok: false,
      fieldErrors: { area: "This area does not exist or is switched off; please choose another." },
    });
    expect(await db().address.count({ where: { companyId: a.company } })).toBe(before);
  });

  it("answers 404 for another company's address and changes nothing", async () => {
    await asA();
    const [mine] = await defaults(a.company);
    const snapshot = await db().address.findUniqueOrThrow({ where: { id: mine.id } });
    await asB();
    const notFound = { ok: false, message: "The record does not exist or you may not see it." };
    expect(await saveAddressAction(input({ id: mine.id, receiver: "Hijack" }))).toMatchObject(notFound);
    expect(await setDefaultAddressAction({ id: mine.id })).toMatchObject(notFound);
    expect(await deleteAddressesAction({ ids: [mine.id] })).toMatchObject(notFound);
    expect(await db().address.findUniqueOrThrow({ where: { id: mine.id } })).toEqual(snapshot);
    const viewer = await asB();
    const list = await loadAddressBook(viewer!, new URLSearchParams());
    expect(list.rows.some((r) => r.companyId === a.company)).toBe(false);
  });

  it("shows a dealer's whole book on one page, default first, and filters by keyword within the company", async () => {
    const viewer = await asA();
    const mark = `Kw${Date.now().toString(36)}`;
    expect((await saveAddressAction(input({ receiver: `${mark} One` }))).ok).toBe(true);
    const list = await loadAddressBook(viewer!, new URLSearchParams());
    expect(list.pageSize).toBe(50);
    expect(list.rows).toHaveLength(await db().address.count({ where: { companyId: a.company } }));
    expect(list.rows[0].isDefault).toBe(true);
    expect(list.rows.every((r) => r.companyId === a.company)).toBe(true);
    const found = await loadAddressBook(viewer!, new URLSearchParams({ keyword: mark.toLowerCase() }));
    expect(found.rows.map((r) => r.receiver)).toEqual([`${mark} One`]);
    // The same keyword from another company finds nothing of A's.
    const other = await asB();
    expect((await loadAddressBook(other!, new URLSearchParams({ keyword: mark }))).rows).toEqual([]);
  });

  it("lists the dealer's own addresses, default first, over REST", async () => {
    await asA();
    const res = await GET();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { isDefault: boolean; area: { code: string }[] }[] };
    expect(body.items.length).toBe(await db().address.count({ where: { companyId: a.company } }));
    expect(body.items[0].isDefault).toBe(true);
    await actAs(null);
    expect((await GET()).status).toBe(401);
  });

  it("refuses viewers without the screen or the permission", async () => {
    await actAs({ id: staff });
    expect(await saveAddressAction(input())).toMatchObject({ ok: false, message: "You do not have permission to do this." });
    expect((await GET()).status).toBe(403);
  });
});
