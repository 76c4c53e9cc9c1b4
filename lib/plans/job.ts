import "server-only";
import { audit } from "@/lib/core/audit";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { renderMessage } from "@/lib/messages/templates";
import { enqueueWechat } from "@/lib/wechat/enqueue";
import { wechatTemplate } from "@/lib/wechat/templates";
import { monthDate, planDeadline, reminderMonth } from "./deadline";
import { planDealerUsers, reminderLink } from "./notify";
import { HANDED_IN } from "./states";
import { runExclusive } from "@/lib/cache/exclusive";

// The purchase plan deadline reminder: from `plan.reminderDaysBefore` days before the deadline
// until the deadline, every ACTIVE dealer company without a SUBMITTED or APPROVED plan for the
// coming month gets one in-app notice to its dealer users who manage plans (plan:submit).
//
// Several app instances run it at once (each from its own timer and screen loads). A company is
// claimed by inserting its (company, month) row into PurchasePlanReminder with ON CONFLICT DO
// NOTHING RETURNING, in the same transaction as its notices: the second instance's insert waits
// on the first's uncommitted row, then finds the conflict and returns nothing, so each company is
// reminded exactly once; if the notices fail, the claim rolls back with them and the next run
// tries again.

const BATCH = 500;
const RUN_EVERY_MS = 10 * 60 * 1000;

/** Sends the due reminders; answers how many companies were reminded. */
export async function runPlanReminders(now: Date = new Date()): Promise<{ month: string | null; reminded: number }> {
  const [day, before] = await Promise.all([variable("plan.deadlineDay"), variable("plan.reminderDaysBefore")]);
  const month = reminderMonth(now, day, before);
  if (!month) return { month: null, reminded: 0 };
  const date = monthDate(month);
  const deadline = planDeadline(month, day).day;
  const text = await renderMessage("purchasePlan.reminder", "IN_APP", "en-US", { month, deadline });
  // Either channel reminds: the bell (IN_APP) and WeChat (its WECHAT template).
  if (!text && !(await wechatTemplate("purchasePlan.reminder"))) return { month, reminded: 0 };
  // Companies still to remind: active, without a handed-in plan, not reminded yet for the month.
  const due = await db().company.findMany({
    where: {
      status: "ACTIVE",
      purchasePlans: { none: { month: date, status: { in: [...HANDED_IN] } } },
      users: { some: { user: { userType: "DEALER", status: "ACTIVE" } } },
    },
    orderBy: { id: "asc" },
    take: BATCH,
    select: { id: true },
  });
  const sent = due.length
    ? new Set((await db().purchasePlanReminder.findMany({ where: { month: date, companyId: { in: due.map((c) => c.id) } }, select: { companyId: true } })).map((r) => r.companyId))
    : new Set<number>();
  let reminded = 0;
  for (const c of due.filter((c) => !sent.has(c.id))) {
    try {
      const done = await db().$transaction(async (tx) => {
        const claimed = await tx.$queryRaw<{ companyId: number }[]>`
          INSERT INTO "PurchasePlanReminder" ("companyId", "month", "sentAt") VALUES (${c.id}, ${date}::date, ${now})
          ON CONFLICT DO NOTHING RETURNING "companyId"`;
        if (!claimed.length) return false;
        // Handed in meanwhile: keep the claim (nothing to remind of this month any more).
        const handedIn = await tx.purchasePlan.count({ where: { companyId: c.id, month: date, status: { in: [...HANDED_IN] } } });
        if (handedIn) return false;
        const users = await planDealerUsers(tx, [c.id]);
        if (users.length) {
          if (text)
            await tx.notification.createMany({
              data: users.map((u) => ({
                userId: u.id,
                companyId: c.id,
                event: "purchasePlan.reminder",
                title: (text.title ?? text.content).slice(0, 200),
                content: text.content.slice(0, 1000),
                link: reminderLink(month),
              })),
            });
          await enqueueWechat(tx, { event: "purchasePlan.reminder", userIds: users.map((u) => u.id), values: { month, deadline }, link: reminderLink(month) });
          // Audit rows need a user: the first one reminded stands for the job's act.
          await audit(tx, { userId: users[0].id, companyId: c.id, requestId: null }, "PurchasePlanReminder", `${c.id}:${month}`, "remind", null, {
            month,
            deadline,
            users: users.map((u) => u.id),
          });
        }
        return users.length > 0;
      });
      if (done) reminded++;
    } catch (err) {
      log.warn("plan reminder not sent", { companyId: c.id, month, ...errorFields(err) });
    }
  }
  return { month, reminded };
}

const holder = globalThis as unknown as { __planRemindersAt?: number };

/** Runs the reminders in the background at most once every ten minutes per process (called when
 * the plan screen or the workbench home loads, like lib/wms/plans/job.ts runPlansSoon). */
export function runPlanRemindersSoon(now = Date.now()): void {
  if (holder.__planRemindersAt && now - holder.__planRemindersAt < RUN_EVERY_MS) return;
  holder.__planRemindersAt = now;
  runExclusive("plan-reminders", () => runPlanReminders(new Date(now)))
    .then((r) => r.ran && r.result.reminded && log.info("plan reminders sent", r.result))
    .catch((err: unknown) => log.error("plan reminders failed", errorFields(err)));
}
