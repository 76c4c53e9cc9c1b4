import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("@/lib/db");
  vi.resetModules();
});

describe("GET /api/health", () => {
  it("reports the version and a reachable database", async () => {
    const { GET } = await import("./route");
    const res = await GET();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.database.reachable).toBe(true);
    expect(body.app.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("answers 503 when the database cannot be reached", async () => {
    vi.doMock("@/lib/db", () => ({ db: () => ({ $queryRawUnsafe: () => Promise.reject(new Error("connect ECONNREFUSED")) }) }));
    process.env.LOG_LEVEL = "silent";
    const { GET } = await import("./route");
    const res = await GET();
    expect(res.status).toBe(503);
    expect((await res.json()).database.reachable).toBe(false);
  });
});
