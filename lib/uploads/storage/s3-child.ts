// The second "instance" of lib/uploads/storage/s3.int.test.ts: a separate Node process that
// builds its storage from the stored settings (AttachmentStorage row 1, through ./index.ts) and
// reads or purges what the test process uploaded. Run with
// `node --conditions react-server --import tsx lib/uploads/storage/s3-child.ts`.
// It reads one command per line on stdin and prints one JSON line per answer on stdout:
//   get <key>: {"driver":…,"size":…,"sha256":…} (size and sha256 null for a missing object)
//   range <key> <start> <end>: {"range":"<the bytes as hex>"}
//   purge <ISO date>: purges the pending uploads created before it, {"purged":<count>}
import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import { purgePendingAttachments } from "../purge";
import { getStorage } from "./index";

const say = (o: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(o)}\n`);
const bytesOf = async (s: ReadableStream<Uint8Array> | null) => (s ? Buffer.from(await new Response(s).arrayBuffer()) : null);

async function main() {
  say({ ready: true });
  for await (const line of createInterface({ input: process.stdin })) {
    const [cmd, ...args] = line.split(" ");
    if (cmd === "get") {
      const storage = await getStorage();
      const head = await storage.head(args[0]);
      const body = await bytesOf(await storage.get(args[0]));
      say({ driver: storage.driver, size: head?.size ?? null, sha256: body ? createHash("sha256").update(body).digest("hex") : null });
    } else if (cmd === "range") {
      const storage = await getStorage();
      const body = await bytesOf(await storage.get(args[0], { start: Number(args[1]), end: Number(args[2]) }));
      say({ range: body?.toString("hex") ?? null });
    } else if (cmd === "purge") {
      say({ purged: await purgePendingAttachments(new Date(args[0])) });
    } else break;
  }
  const { db } = await import("@/lib/db");
  await db().$disconnect();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    say({ error: String(err) });
    process.exit(1);
  },
);
