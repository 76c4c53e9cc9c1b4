// The other "instance" of lib/cache/bus.int.test.ts: a separate Node process that imports the
// real modules. Run with `node --conditions react-server --import tsx lib/cache/bus-child.ts <mode>`.
// It prints one JSON line per event on stdout and reads commands, one per line, on stdin.
//   cache: starts the bus, caches a system variable, and on each invalidation of the variables'
//          cache prints {"cleared":…} with the value read afresh; "pid" prints the bus's backend.
//   exclusive <job>: on "go" runs runExclusive(<job>) holding it for 3 s, then prints {"ran":…}.
import { createInterface } from "node:readline";
import { cacheBusPid, cacheBusReady, onInvalidate, startCacheBus, stopCacheBus } from "./bus";
import { runExclusive } from "./exclusive";

const KEY = "sms.codeLength";
const say = (o: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(o)}\n`);
const [mode, job] = process.argv.slice(2);

async function main() {
  const lines = createInterface({ input: process.stdin });
  if (mode === "cache") {
    const { variable, VARIABLES_CACHE } = await import("@/lib/config/variables");
    await startCacheBus();
    say({ cached: await variable(KEY) });
    // Registered after variables.ts's own clear: the value read here comes from the database.
    onInvalidate(VARIABLES_CACHE, () => void variable(KEY).then((value) => say({ cleared: VARIABLES_CACHE, value })));
    say({ ready: true, pid: cacheBusPid() });
    for await (const line of lines) {
      if (line === "pid") {
        await cacheBusReady();
        say({ pid: cacheBusPid() });
      }
      if (line === "exit") break;
    }
    await stopCacheBus();
  } else if (mode === "exclusive" && job) {
    say({ ready: true });
    for await (const line of lines) {
      if (line !== "go") break;
      const r = await runExclusive(job, async () => {
        say({ running: true });
        await new Promise((resolve) => setTimeout(resolve, 3000));
      });
      say({ ran: r.ran });
    }
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
