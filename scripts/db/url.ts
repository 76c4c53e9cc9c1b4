// npm run -s db:url — prints the connection URL of the running embedded PostgreSQL (password
// included), for pg_dump, pg_restore and psql: pg_dump -Fc "$(npm run -s db:url)" > dealer.dump
// With DATABASE_URL set, prints that. Exit 1 when the embedded server is not running.
import { embeddedDataDir } from "../lib/database";
import { runningUrl } from "../lib/embedded-postgres";

const url = process.env.DATABASE_URL || runningUrl(embeddedDataDir());
if (!url) {
  console.error(`the embedded PostgreSQL is not running on ${embeddedDataDir()}: start it with npm start or npm run db:server`);
  process.exit(1);
}
console.log(url);
