import "server-only";

// Sealing secrets kept in the database: see secret-box-core.ts.
export { openSecret, sealSecret } from "./secret-box-core";
