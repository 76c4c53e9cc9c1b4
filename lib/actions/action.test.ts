// The server action pipeline (lib/actions/action.ts) with its error mapping (lib/actions/errors.ts):
// session, permission, input, service, revalidation, and the code of every refusal.
import { createTranslator } from "use-intl/core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Viewer } from "@/lib/auth/viewer";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";

const state = vi.hoisted(() => ({ viewer: null as unknown, locale: "en-US" as string, requestId: "req-1" as string | null }));
const cache = vi.hoisted(() => ({ revalidatePath: vi.fn(), updateTag: vi.fn() }));

vi.mock("@/lib/db", () => ({
  db: () => {
    throw new Error("no database in this test");
  },
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers(state.requestId ? { "x-request-id": state.requestId } : {}) }));
vi.mock("next/cache", () => cache);
vi.mock("next-intl/server", () => ({
  getTranslations: async (namespace?: string) =>
    createTranslator({ locale: state.locale as Locale, messages: messagesFor(state.locale as Locale) as never, namespace: namespace as never, timeZone: "Asia/Shanghai" }),
  getLocale: async () => state.locale,
}));
vi.mock("@/lib/auth/viewer", async (orig) => ({ ...(await orig<typeof import("@/lib/auth/viewer")>()), getViewer: async () => state.viewer }));

const { action, publicAction } = await import("./action");
const { DomainError, NotFoundError } = await import("@/lib/errors");
const { ForbiddenError } = await import("@/lib/auth/viewer");
const { log } = await import("@/lib/log");

const dealer: Viewer = {
  userId: 7,
  account: "d1",
  name: "Dealer",
  userType: "DEALER",
  organizationId: null,
  company: { id: 3, code: "D001", nameEn: "D", nameZh: "D" },
  companies: [],
  roles: [],
  permissions: new Set(["vehicle:sell"]),
  menuIds: new Set(),
  dataScope: "SELF",
};

const t = (locale: Locale, key: string, values?: Record<string, string | number>) =>
  (createTranslator({ locale, messages: messagesFor(locale) as never, timeZone: "Asia/Shanghai" }) as unknown as (k: string, v?: Record<string, string | number>) => string)(
    key,
    values,
  );

const schema = z.object({ vin: z.string().min(1) });
const sell = (run: (input: z.output<typeof schema>) => Promise<unknown>) =>
  action({ permission: "vehicle:sell", schema, labels: "Vehicles.fields", revalidate: ["/car/vehicleSales", "/car/stock"] }, async (input, ctx) =>
    run(input).then((out) => ({ out, ctx })),
  );

beforeEach(() => {
  state.viewer = dealer;
  state.locale = "en-US";
  state.requestId = "req-1";
  cache.revalidatePath.mockClear();
  cache.updateTag.mockClear();
});

describe("action()", () => {
  it("runs the service with the viewer and the audit context, then revalidates its screens", async () => {
    const res = await sell(async (i) => i.vin)({ vin: "LVX" });
    expect(res).toEqual({ ok: true, data: { out: "LVX", ctx: { viewer: dealer, audit: { userId: 7, companyId: 3, requestId: "req-1" }, requestId: "req-1" } } });
    expect(cache.revalidatePath.mock.calls).toEqual([["/car/vehicleSales"], ["/car/stock"]]);
  });

  it("answers UNAUTHENTICATED without a session, and runs nothing", async () => {
    state.viewer = null;
    const run = vi.fn();
    expect(await sell(run)({ vin: "LVX" })).toEqual({ ok: false, code: "UNAUTHENTICATED", message: t("en-US", "Common.signInAgain") });
    expect(run).not.toHaveBeenCalled();
    expect(cache.revalidatePath).not.toHaveBeenCalled();
  });

  it("answers FORBIDDEN when the permission is missing", async () => {
    state.viewer = { ...dealer, permissions: new Set() };
    const run = vi.fn();
    expect(await sell(run)({ vin: "LVX" })).toEqual({ ok: false, code: "FORBIDDEN", message: t("en-US", "Common.forbidden") });
    expect(run).not.toHaveBeenCalled();
  });

  it("picks the permission from the input when given a function (create or update)", async () => {
    const save = action(
      { permission: (i) => ((i as { id?: number }).id ? "vehicle:return" : "vehicle:sell"), schema: z.object({ id: z.number().optional() }), labels: "Vehicles.fields" },
      async () => "saved",
    );
    expect(await save({})).toEqual({ ok: true, data: "saved" });
    expect(await save({ id: 1 })).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it.each(["en-US", "zh-CN"] as const)("answers VALIDATION with a translated field error naming the field (%s)", async (locale) => {
    state.locale = locale;
    const run = vi.fn();
    const res = await sell(run)({});
    const message = t(locale, "Validation.required", { label: t(locale, "Vehicles.fields.vin") });
    expect(res).toEqual({ ok: false, code: "VALIDATION", message, fieldErrors: { vin: message } });
    expect(message).toContain(t(locale, "Vehicles.fields.vin"));
    expect(run).not.toHaveBeenCalled();
    expect(cache.revalidatePath).not.toHaveBeenCalled();
  });

  it("answers VALIDATION for control characters, whatever the schema", async () => {
    const res = await sell(async () => "x")({ vin: "a\u0000b" });
    expect(res).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { vin: t("en-US", "Validation.controlChars", { label: t("en-US", "Vehicles.fields.vin") }) } });
  });

  it("answers a DomainError with its translated message, its code and its field; nothing is revalidated", async () => {
    const conflict = await sell(async () => {
      throw new DomainError("Vehicles.errors.notInStock", { vin: "LVX" }, undefined, 409);
    })({ vin: "LVX" });
    expect(conflict).toMatchObject({ ok: false, code: "CONFLICT", message: t("en-US", "Vehicles.errors.notInStock", { vin: "LVX" }) });
    const onField = await sell(async () => {
      throw new DomainError("Vehicles.errors.vinNotYours", { vin: "LVX" }, "vin");
    })({ vin: "LVX" });
    const message = t("en-US", "Vehicles.errors.vinNotYours", { vin: "LVX" });
    expect(onField).toEqual({ ok: false, code: "VALIDATION", message, fieldErrors: { vin: message } });
    expect(
      await sell(async () => {
        throw new NotFoundError();
      })({ vin: "LVX" }),
    ).toMatchObject({ ok: false, code: "NOT_FOUND", message: t("en-US", "Errors.notFound") });
    expect(
      await sell(async () => {
        throw new ForbiddenError("x");
      })({ vin: "LVX" }),
    ).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(cache.revalidatePath).not.toHaveBeenCalled();
  });

  it("answers INTERNAL with the request id for anything else, logs it, and leaks nothing of the error", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const res = await sell(async () => {
      throw new Error('relation "secret_table" does not exist');
    })({ vin: "LVX" });
    expect(res).toEqual({ ok: false, code: "INTERNAL", message: t("en-US", "Common.unexpectedError", { requestId: "req-1" }), requestId: "req-1" });
    expect(JSON.stringify(res)).not.toContain("secret_table");
    expect(error).toHaveBeenCalledWith("action failed", expect.objectContaining({ requestId: "req-1" }));
    expect(cache.revalidatePath).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it("expires cache tags after a success only, and revalidates what the answer names", async () => {
    const write = action(
      { permission: null, schema: z.object({ fail: z.boolean() }), labels: "Common", expireTags: ["news"], revalidate: (out) => [out.screen] },
      async (i: { fail: boolean }) => {
        if (i.fail) throw new DomainError("Errors.notFound", {}, undefined, 404);
        return { screen: "/market/news" };
      },
    );
    expect(await write({ fail: true })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(cache.updateTag).not.toHaveBeenCalled();
    expect(await write({ fail: false })).toEqual({ ok: true, data: { screen: "/market/news" } });
    expect(cache.updateTag).toHaveBeenCalledWith("news");
    expect(cache.revalidatePath).toHaveBeenCalledWith("/market/news");
  });
});

describe("publicAction()", () => {
  it("needs no session and answers like action()", async () => {
    state.viewer = null;
    const register = publicAction({ schema: async () => z.object({ vin: z.string().min(1) }), labels: "Vehicles.fields" }, async (i, ctx) => ({
      vin: i.vin,
      requestId: ctx.requestId,
    }));
    expect(await register({ vin: "LVX" })).toEqual({ ok: true, data: { vin: "LVX", requestId: "req-1" } });
    expect(await register({})).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { vin: expect.any(String) } });
  });
});
