// ESLint rule: a client component ("use client") must not import, as a value, a module that
// declares `import "server-only"` (or the database client). Next's build stops on such an
// import too, but only for what the build reaches, and minutes later; this names the line in
// the editor and in `npm run lint`.
// Type-only imports are fine (they vanish), and so are "use server" modules (server actions).
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
const cache = new Map();
// Server modules that cannot say so themselves: scripts (seed, migrations) import them outside
// React's server build, where the "server-only" package throws.
const ALSO_SERVER = new Set(["lib/db.ts", "lib/generated/prisma/client.ts"].map((f) => path.join(ROOT, f)));

function resolve(spec, fromFile) {
  let base;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  if (fs.existsSync(base) && fs.statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

function isServerOnly(file) {
  if (ALSO_SERVER.has(file)) return true;
  if (!cache.has(file)) cache.set(file, /^\s*import\s+["']server-only["'];?\s*$/m.test(fs.readFileSync(file, "utf8")));
  return cache.get(file);
}

const isClientModule = (program) => program.body.some((n) => n.type === "ExpressionStatement" && n.directive === "use client");

const rule = {
  meta: {
    type: "problem",
    docs: { description: "no server-only module in a client component" },
    schema: [],
    messages: { serverOnly: "'{{spec}}' is server-only; a client component may import only its types." },
  },
  create(context) {
    let client = false;
    return {
      Program(node) {
        client = isClientModule(node);
      },
      ImportDeclaration(node) {
        if (!client || node.importKind === "type") return;
        if (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type")) return;
        const file = resolve(node.source.value, context.filename);
        if (file && isServerOnly(file)) context.report({ node, messageId: "serverOnly", data: { spec: node.source.value } });
      },
    };
  },
};
export default rule;
