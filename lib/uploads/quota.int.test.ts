import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/v1/uploads/route";
import { invalidateVariables } from "@/lib/config/variables";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser } from "@/lib/test/factories";
import { invalidateUploadRules } from "./rules";
import { createLocalStorage } from "./storage/local";
import { setStorageOverride } from "./storage";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 16: uploads per user and hour (upload.maxPerHour) and the bytes of a user's uploads not
// yet saved onto a record (upload.maxPendingMb) are limited, checked under a per-user lock in
// the transaction that records the upload, so racing requests cannot overshoot.

const KB = 1024;
/** A PDF of exactly `bytes` bytes (the sniffer reads the header). */
const pdf = (bytes: number) => {
  const head = Buffer.from("%PDF-1.7\n");
  const tail = Buffer.from("\n%%EOF\n");
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x20), tail]);
};

async function upload(bytes: Uint8Array, name = "doc.pdf") {
  const form = new FormData();
  form.set("kind", "FILE");
  form.set("count", "0");
  form.set("file", new File([new Uint8Array(bytes)], name, { type: "application/pdf" }));
  const res = await POST(new Request("http://localhost/customerWeb/api/v1/uploads", { method: "POST", body: form }));
  return { status: res.status, body: (await res.json()) as { id?: string; code?: string; message?: string; fieldErrors?: Record<string, string> } };
}

let dir = "";
const storedFiles = async () => (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

/** A company of its own with its own values of the upload limits (company overrides). */
async function companyWith(values: Record<string, string>) {
  const company = await makeCompany();
  for (const [key, value] of Object.entries(values)) {
    await db().systemVariableDefault.upsert({
      where: { key },
      create: { key, type: "NUMBER", value: key === "upload.maxPerHour" ? "100" : "200", descriptionEn: key, descriptionZh: key },
      update: {},
    });
    await db().systemVariable.create({ data: { key, companyId: company.id, value } });
  }
  invalidateVariables();
  return company;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "uploads-quota-"));
  setStorageOverride(createLocalStorage(dir));
  invalidateUploadRules();
});

beforeEach(() => setTestLocale("en-US"));

afterAll(async () => {
  setStorageOverride(null);
  invalidateVariables();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("upload limits per user", () => {
  it("refuses the upload over the hourly rate with 429, naming the limit, and stores nothing for it", async () => {
    const company = await companyWith({ "upload.maxPerHour": "3" });
    const user = await makeUser({ companyIds: [company.id] });
    await actAs(user, company.id);
    for (let i = 0; i < 3; i++) expect((await upload(pdf(2 * KB))).status).toBe(201);
    const before = await storedFiles();
    const refused = await upload(pdf(2 * KB));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "RATE_LIMIT", message: expect.stringMatching(/^You may upload at most 3 files an hour\. Try again in \d+ minutes?\.$/) });
    setTestLocale("zh-CN");
    expect((await upload(pdf(2 * KB))).body.message).toMatch(/^每小时最多上传 3 个文件，请 \d+ 分钟后再试。$/);
    expect(await storedFiles()).toBe(before);
    expect(await db().attachment.count({ where: { uploaderId: user.id } })).toBe(3);
    // Another user of the same company has an hour of their own.
    const colleague = await makeUser({ companyIds: [company.id] });
    await actAs(colleague, company.id);
    expect((await upload(pdf(2 * KB))).status).toBe(201);
  });

  it("lets only the concurrent uploads that fit the pending quota through, leaving no file for the others", async () => {
    const company = await companyWith({ "upload.maxPendingMb": "1" });
    const user = await makeUser({ companyIds: [company.id] });
    await actAs(user, company.id);
    const before = await storedFiles();
    // Six uploads of 300 KB at once: three fit into 1 MB, a fourth would not.
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(pdf(300 * KB), `part-${i}.pdf`)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({
      code: "QUOTA",
      message: "Your uploads not yet saved on a record may take at most 1 MB. Save the form they belong to, or try again tomorrow.",
    });
    expect(await storedFiles()).toBe(before + 3);
    const rows = await db().attachment.findMany({ where: { uploaderId: user.id } });
    expect(rows).toHaveLength(3);
    expect(rows.reduce((s, r) => s + r.size, 0)).toBe(900 * KB);
    // Once saved onto a record, an upload no longer counts as pending.
    await db().attachment.update({ where: { id: rows[0].id }, data: { ownerType: "test", ownerId: "1", field: "files" } });
    expect((await upload(pdf(300 * KB))).status).toBe(201);
  });
});
