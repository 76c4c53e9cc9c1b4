// npm run dev — database (DATABASE_URL or the embedded PGlite at data/pglite), migrations,
// seed, then `next dev` on PORT (3000). Ctrl-C or next exiting stops everything.
import { appEnv, appPort } from "./lib/env";
import { main, onCleanup, stopChild, waitExit } from "./lib/proc";
import { assertPortFree, prepareDatabase, startNext } from "./lib/stack";

main(async () => {
  const port = appPort();
  await assertPortFree(port);
  const db = await prepareDatabase();
  onCleanup(db.stop);
  const next = startNext("dev", port, appEnv({ port, databaseUrl: db.url }));
  onCleanup(() => stopChild(next));
  console.log(`\n  app: http://localhost:${port}/customerWeb   (Ctrl-C stops the app and the database)\n`);
  return waitExit(next);
});
