// Runs server actions in vitest as a chosen viewer: the test file mocks next/headers,
// next/cache, next-intl/server and getViewer with the implementations below, e.g.
//   vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
//   vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
//   vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
//   vi.mock("@/lib/auth/viewer", async (orig) => ({ ...(await orig()), getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()) }));
import { createTranslator } from "use-intl/core";
import type { Viewer } from "@/lib/auth/viewer";
import { loadViewer } from "@/lib/auth/viewer";
import { messagesFor } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/config";
import { nowSeconds } from "./factories";

let viewer: Viewer | null = null;
let locale: Locale = "en-US";

export function currentViewer(): Promise<Viewer | null> {
  return Promise.resolve(viewer);
}

/** Acts as this user from now on (null: anonymous). Dealers need the company they act in. */
export async function actAs(user: { id: number } | null, companyId: number | null = null): Promise<Viewer | null> {
  viewer = user ? await loadViewer(user.id, companyId, nowSeconds()) : null;
  if (user && !viewer) throw new Error(`user ${user.id} cannot act (inactive or wrong company)`);
  return viewer;
}

export function setTestLocale(l: Locale): void {
  locale = l;
}

export const headersMock = {
  headers: async () => new Headers({ "x-request-id": "test-request" }),
  cookies: async () => ({ get: () => undefined }),
};

export const cacheMock = { revalidatePath: () => {}, revalidateTag: () => {}, refresh: () => {} };

/** The English (or chosen) messages, as the app's getTranslations answers them. */
type T = ((key: string, values?: Record<string, string | number>) => string) & { has: (key: string) => boolean };

export function translator(namespace?: string, inLocale: Locale = locale): T {
  return createTranslator({ locale: inLocale, messages: messagesFor(inLocale) as never, namespace: namespace as never, timeZone: "Asia/Shanghai" }) as unknown as T;
}

export const intlMock = {
  getTranslations: async (ns?: string | { namespace?: string; locale?: Locale }) => (typeof ns === "string" ? translator(ns) : translator(ns?.namespace, ns?.locale ?? locale)),
  getLocale: async () => locale,
};
