import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as { name: string; version: string };

// Spec section 12: GET /customerWeb/api/health, for load balancers and people on call.
test.describe("health", () => {
  test("GET api/health reports the app version and a reachable database", async ({ request }) => {
    const res = await request.get("api/health");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/json");
    const body = await res.json();
    expect(body.database.reachable).toBe(true);
    expect(typeof body.app.version).toBe("string");
    expect(body.app.version).toBe(pkg.version);
    expect(body.status).toBe("ok");
  });
});
