import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { saveVariableDefault } from "@/lib/config/variable-admin";
import { VARIABLES } from "@/lib/config/variable-registry";
import { db } from "@/lib/db";
import { makeUser } from "@/lib/test/factories";
import { publishInvalidation } from "./bus";
import { runExclusive } from "./exclusive";

// Two processes on one database (issue 24, "more than one instance"): a child Node process
// (./bus-child.ts) imports the real cache bus and system variables; this process changes a
// variable through the real service and the child's cache follows within a second; the child's
// bus survives its connection being terminated; runExclusive runs a job once across the two.

const KEY = "sms.codeLength";
const CHILD = path.join(import.meta.dirname, "bus-child.ts");
type Line = Record<string, unknown>;

class Child {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly lines: Line[] = [];
  private waiters: (() => void)[] = [];
  constructor(args: string[]) {
    this.proc = spawn(process.execPath, ["--conditions", "react-server", "--import", "tsx", CHILD, ...args], { env: { ...process.env, LOG_LEVEL: "error" } });
    createInterface({ input: this.proc.stdout }).on("line", (l) => {
      try {
        this.lines.push(JSON.parse(l) as Line);
      } catch {
        return;
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.proc.stderr.resume();
  }
  send(line: string) {
    this.proc.stdin.write(`${line}\n`);
  }
  /** The first line (from `from` on) that matches, within `ms`. */
  async next(match: (l: Line) => boolean, ms: number, from = 0): Promise<Line> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.lines.slice(from).find(match);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching line within ${ms} ms: ${JSON.stringify(this.lines)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
  }
  stop() {
    this.proc.stdin.end();
    this.proc.kill();
  }
}

const children: Child[] = [];
const child = (...args: string[]) => {
  const c = new Child(args);
  children.push(c);
  return c;
};
afterEach(() => {
  for (const c of children.splice(0)) c.stop();
});

const ctxOf = (userId: number) => ({ userId, companyId: null, requestId: null });
afterAll(async () => {
  await db().systemVariableDefault.update({ where: { key: KEY }, data: { value: VARIABLES[KEY].value, type: "NUMBER" } });
  await publishInvalidation("variables");
});

describe("cache bus", () => {
  it("clears another process's cache within a second of a change, and again after its connection was terminated", async () => {
    const admin = await makeUser();
    await db().systemVariableDefault.upsert({
      where: { key: KEY },
      update: { value: "6", type: "NUMBER" },
      create: { key: KEY, type: "NUMBER", value: "6", descriptionEn: KEY, descriptionZh: KEY },
    });
    const c = child("cache");
    const ready = await c.next((l) => l.ready === true, 60_000);
    expect(c.lines.find((l) => "cached" in l)?.cached).toBe(6);

    let from = c.lines.length;
    const t0 = Date.now();
    await saveVariableDefault(ctxOf(admin.id), { id: KEY, type: "NUMBER", value: "7" });
    // Without the notice the child would answer 6 from its 30-second cache.
    const seen = await c.next((l) => l.cleared === "variables" && l.value === 7, 1000, from);
    expect(seen.value).toBe(7);
    expect(Date.now() - t0).toBeLessThan(1000);

    // The child's listening connection is killed (a failover, an idle timeout): it reconnects,
    // listens again, and the next change reaches it.
    const pid = ready.pid as number;
    expect(pid).toBeGreaterThan(0);
    from = c.lines.length;
    const [{ done }] = await db().$queryRaw<{ done: boolean }[]>`SELECT pg_terminate_backend(${pid}::int) AS done`;
    expect(done).toBe(true);
    // On reconnecting it clears everything (notices sent while away are lost): value still 7.
    await c.next((l) => l.cleared === "variables" && l.value === 7, 10_000, from);
    from = c.lines.length;
    c.send("pid");
    const again = await c.next((l) => typeof l.pid === "number", 10_000, from);
    expect(again.pid).not.toBe(pid);

    from = c.lines.length;
    await saveVariableDefault(ctxOf(admin.id), { id: KEY, type: "NUMBER", value: "8" });
    await c.next((l) => l.cleared === "variables" && l.value === 8, 1000, from);
  });
});

describe("runExclusive", () => {
  it("runs a job once when two processes start it at the same time", async () => {
    const job = `test-job-${Date.now()}`;
    const c = child("exclusive", job);
    await c.next((l) => l.ready === true, 60_000);
    let childDone!: () => void;
    const childAnswered = new Promise<void>((resolve) => (childDone = resolve));
    void c.next((l) => "ran" in l, 60_000).then(() => childDone());
    c.send("go");
    // This process's run holds the lock until the child has answered (when it got the lock
    // first, its run holds it for 3 s, long after this attempt).
    const mine = await runExclusive(job, () => childAnswered);
    const theirs = (await c.next((l) => "ran" in l, 60_000)).ran;
    expect([mine.ran, theirs].filter(Boolean)).toHaveLength(1);
    // Not a lasting lock: once the run ended, the next one runs.
    expect((await runExclusive(job, async () => 1)).ran).toBe(true);
  });

  it("skips a run while this process already runs the job, and releases the lock when the job fails", async () => {
    const job = `test-job-${Date.now()}-b`;
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runExclusive(job, () => {
      started();
      return new Promise<string>((resolve) => (release = () => resolve("done")));
    });
    await running;
    expect(await runExclusive(job, async () => "again")).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, result: "done" });
    await expect(runExclusive(job, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await runExclusive(job, async () => "after")).toEqual({ ran: true, result: "after" });
  });
});
