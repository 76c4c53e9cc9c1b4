// Runs `prisma generate` offline. The Prisma CLI downloads its native schema engine before
// every command unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file; generation never
// runs that engine, so this file stands in for it (docs/ARCHITECTURE.md "Pitfalls").
//   node scripts/prisma-generate.mjs             always generate (postinstall, db:generate)
//   node scripts/prisma-generate.mjs --if-stale  only when the client is missing or older
//                                                than prisma/schema.prisma
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const root = path.resolve(import.meta.dirname, "..");
const schema = path.join(root, "prisma/schema.prisma");
const client = path.join(root, "lib/generated/prisma/client.ts");

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

if (process.argv.includes("--if-stale") && mtime(client) > mtime(schema)) process.exit(0);

const cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || import.meta.filename,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
if (result.status !== 0) {
  console.error("prisma generate failed");
  process.exit(result.status ?? 1);
}
