import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messagesFor } from "./messages";
import { adminNamespaces, NOT_ADMIN_NAMESPACES } from "./scopes";

// The administration screens get every namespace but NOT_ADMIN_NAMESPACES: none of their client
// code (and none of the kits they use) may read one of those, or it would show a key.
const ADMIN_CODE = [
  "components/system",
  "components/admin",
  "components/accounts",
  "components/ui",
  "components/list",
  "components/shell",
  "components/providers",
  "components/uploads",
  "app/(shell)/(admin)",
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe("the administration screens' namespaces", () => {
  it("leave out only namespaces that exist", () => {
    const messages = messagesFor("en-US") as Record<string, unknown>;
    for (const ns of NOT_ADMIN_NAMESPACES) expect(messages, ns).toHaveProperty(ns);
    const sent = Object.keys(adminNamespaces(messages));
    expect(sent).toContain("RoleAdmin");
    expect(sent).not.toContain("Plans");
  });

  it("are every namespace the administration code reads", () => {
    const root = path.resolve(__dirname, "../..");
    const pattern = new RegExp(`["'\`](${NOT_ADMIN_NAMESPACES.join("|")})(["'\`.])`);
    const offenders = ADMIN_CODE.flatMap((d) => files(path.join(root, d))).filter((f) => pattern.test(fs.readFileSync(f, "utf8")));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
