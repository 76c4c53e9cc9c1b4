// npm run dev — database (DATABASE_URL or the embedded PostgreSQL at data/postgres),
// migrations, reference data (demo data as npm start decides), then `next dev` on PORT (3000).
// Ctrl-C or next exiting stops everything.
import { parseArgs } from "node:util";
import { appEnv, appPort } from "./lib/env";
import { main, onCleanup, stopChild, waitExit } from "./lib/proc";
import { assertPortFree, prepareDatabase, startNext } from "./lib/stack";

main(async () => {
  const port = appPort();
  await assertPortFree(port);
  // --demo (or DEMO_DATA=true) loads the demo data into a DATABASE_URL database too.
  const { values } = parseArgs({ options: { demo: { type: "boolean" } } });
  const db = await prepareDatabase(values.demo ? { demo: true } : {});
  onCleanup(db.stop);
  const next = startNext("dev", port, appEnv({ port, databaseUrl: db.url }));
  onCleanup(() => stopChild(next));
  console.log(`\n  app: http://localhost:${port}/customerWeb   (Ctrl-C stops the app and the database)\n`);
  return waitExit(next);
});
