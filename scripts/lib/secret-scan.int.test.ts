import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newCredential } from "@/lib/oauth/tokens";
import { scanForCredentials } from "./secret-scan";

// npm test's scan after the e2e run: a server log line holding a token is reported by file and
// line, masked; a missing log is an error (nothing captured is not a pass).

describe("scanForCredentials", () => {
  it("reports the log lines holding a credential, masked, and scans the database", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-scan-"));
    const log = path.join(dir, "server.log");
    const token = newCredential("access");
    fs.writeFileSync(log, `{"msg":"ready"}\n{"msg":"request","path":"/customerWeb/api/v1/goods?t=${token}"}\n`);
    try {
      const hits = await scanForCredentials({ logFiles: [log], databaseUrl: process.env.DATABASE_URL! });
      expect(hits.filter((h) => h.where.startsWith(log))).toEqual([{ where: `${log}:2`, sample: expect.stringContaining(token.slice(0, 8)) }]);
      expect(JSON.stringify(hits)).not.toContain(token.slice(8));
      await expect(scanForCredentials({ logFiles: [path.join(dir, "missing.log")], databaseUrl: process.env.DATABASE_URL! })).rejects.toThrow(/does not exist/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
