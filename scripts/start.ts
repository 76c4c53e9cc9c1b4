// npm start — runs the product: database (DATABASE_URL or the embedded PostgreSQL at
// data/postgres), migrations, reference data (and the demo data on the embedded database, or
// with --demo), `next build` when .next is missing or older than the sources, then
// `next start` on PORT (3000). Ctrl-C or SIGTERM stops the app, then the database.
import { parseArgs } from "node:util";
import { appEnv, appPort } from "./lib/env";
import { main, onCleanup, stopChild, waitExit } from "./lib/proc";
import { assertPortFree, buildApp, needsBuild, prepareDatabase, startNext, waitForApp } from "./lib/stack";

main(async () => {
  const port = appPort();
  await assertPortFree(port);
  // --demo (or DEMO_DATA=true) loads the demo data into a DATABASE_URL database too.
  const { values } = parseArgs({ options: { demo: { type: "boolean" } } });
  const db = await prepareDatabase(values.demo ? { demo: true } : {});
  onCleanup(db.stop);
  if (needsBuild()) {
    console.log("[start] building the app (sources changed or no build yet)…");
    await buildApp(port);
  }
  const next = startNext("start", port, appEnv({ port, databaseUrl: db.url }));
  onCleanup(() => stopChild(next));
  await waitForApp(`http://127.0.0.1:${port}/customerWeb`, next);
  console.log(`\n  app: http://localhost:${port}/customerWeb   (Ctrl-C stops the app and the database)\n`);
  return waitExit(next);
});
