import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";

// The document lists every route handler under app/api/v1 with each method it exports, and
// every $ref in it resolves.

const ROOT = path.join(__dirname, "..", "..", "app", "api", "v1");

function routes(dir = ROOT, prefix = ""): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routes(full, `${prefix}/${name.replace(/^\[(\w+)\]$/, "{$1}")}`));
    else if (name === "route.ts") {
      const src = readFileSync(full, "utf8");
      const methods = [...src.matchAll(/export (?:const|async function|function) (GET|POST|PATCH|PUT|DELETE)\b/g)].map((m) => m[1].toLowerCase());
      out.push({ path: prefix, methods });
    }
  }
  return out;
}

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refs(v, out);
    }
  return out;
}

describe("openapi.json", () => {
  const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, unknown>>; components: Record<string, Record<string, unknown>> };

  it("documents every route handler and method under app/api/v1", () => {
    const found = routes().filter((r) => r.path !== "/openapi.json");
    expect(found.length).toBeGreaterThan(15);
    for (const r of found) for (const m of r.methods) expect(doc.paths[r.path]?.[m], `${m.toUpperCase()} ${r.path}`).toBeDefined();
    // …and nothing that does not exist.
    for (const [p, ops] of Object.entries(doc.paths)) for (const m of Object.keys(ops)) expect(found.find((r) => r.path === p)?.methods, `${m} ${p}`).toContain(m);
  });

  it("is OpenAPI 3.1 whose references resolve, with the session cookie as security", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    for (const r of refs(doc)) {
      const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(r) ?? [];
      expect(doc.components[section]?.[name], r).toBeDefined();
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("takes the request schemas from the screens' zod schemas", () => {
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, { minimum?: number; maximum?: number; type?: string }>; required: string[] }>;
    expect(schemas.AddToCart.properties.quantity).toMatchObject({ type: "integer", minimum: 1, maximum: 99999 });
    expect(schemas.SubmitOrder.required).toEqual(expect.arrayContaining(["type", "cartLineIds", "phone", "deliveryWay", "addressId"]));
    expect(schemas.CreatePreOrder.required).toEqual(expect.arrayContaining(["goodsId", "quantity"]));
    const post = doc.paths["/orders"].post as { parameters: { name: string; in: string; required: boolean }[] };
    expect(post.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header", required: true }));
  });
});
