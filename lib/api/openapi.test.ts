import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PUBLIC_API_PATHS, SCOPES, scopeNeeded } from "@/lib/oauth/scopes";
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

  it("declares the cookie, bearer and OAuth 2 schemes with every scope", () => {
    const schemes = doc.components.securitySchemes as Record<string, Record<string, unknown>>;
    expect(schemes.sessionCookie).toEqual(expect.objectContaining({ type: "apiKey", in: "cookie", name: "next-auth.session-token" }));
    expect(schemes.bearerAuth).toEqual(expect.objectContaining({ type: "http", scheme: "bearer", bearerFormat: "opaque" }));
    const flows = schemes.oauth2.flows as Record<string, { authorizationUrl?: string; tokenUrl: string; refreshUrl?: string; scopes: Record<string, string> }>;
    expect(flows.authorizationCode).toMatchObject({
      authorizationUrl: "/customerWeb/oauth/authorize",
      tokenUrl: "/customerWeb/api/oauth/token",
      refreshUrl: "/customerWeb/api/oauth/token",
    });
    expect(flows.clientCredentials.tokenUrl).toBe("/customerWeb/api/oauth/token");
    for (const flow of [flows.authorizationCode, flows.clientCredentials]) {
      expect(Object.keys(flow.scopes).sort()).toEqual([...SCOPES].sort());
      for (const [scope, text] of Object.entries(flow.scopes)) expect(text, scope).toMatch(/^[A-Z][^\n]{10,200}[a-z)]$/);
    }
  });

  it("gives every operation the scope lib/oauth/scopes.ts checks, and public ones no security", () => {
    type Op = { security?: Record<string, string[]>[]; responses: Record<string, { $ref?: string }> };
    let checked = 0;
    for (const [p, ops] of Object.entries(doc.paths))
      for (const [m, raw] of Object.entries(ops)) {
        const op = raw as Op;
        const where = `${m.toUpperCase()} ${p}`;
        if (PUBLIC_API_PATHS.includes(p)) {
          expect(op.security, where).toEqual([]);
          continue;
        }
        const scope = scopeNeeded(`/api/v1${p}`, m);
        expect(scope, where).not.toBeNull();
        expect(op.security, where).toEqual([{ sessionCookie: [] }, { oauth2: [scope] }, { bearerAuth: [scope] }]);
        for (const s of ["401", "403", "429"]) expect(op.responses[s]?.$ref, `${where} ${s}`).toBe(`#/components/responses/E${s}`);
        checked++;
      }
    expect(checked).toBeGreaterThan(50);
    const responses = doc.components.responses as Record<string, { headers?: Record<string, unknown> }>;
    expect(Object.keys(responses.E401.headers ?? {})).toEqual(["WWW-Authenticate"]);
    expect(Object.keys(responses.E403.headers ?? {})).toEqual(["WWW-Authenticate"]);
    expect(Object.keys(responses.E429.headers ?? {})).toEqual(["Retry-After"]);
  });
});

describe("openapi.json: the public app endpoints", () => {
  const doc = openApiDocument() as { paths: Record<string, Record<string, { security?: unknown[]; parameters: { name: string; required: boolean }[] }>> };

  it("need no session or token", () => {
    expect(doc.paths["/app/latest"].get.security).toEqual([]);
    expect(doc.paths["/app/releases/{id}/package"].get.security).toEqual([]);
    expect(doc.paths["/app/latest"].get.parameters.map((p) => [p.name, p.required])).toEqual([
      ["platform", true],
      ["version", true],
    ]);
    expect(doc.paths["/orders"].post.security).toEqual([{ sessionCookie: [] }, { oauth2: ["orders:write"] }, { bearerAuth: ["orders:write"] }]);
  });
});
