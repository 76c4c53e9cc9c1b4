import "server-only";
import { db } from "@/lib/db";

// A record's status history as the detail screens show it (StatusEvent rows, oldest first, with
// the users' names): two queries whatever its length.

export type EventView = { id: number; from: string | null; to: string; note: string | null; user: string | null; at: string };

export async function statusHistory(entity: string, id: number): Promise<EventView[]> {
  const events = await db().statusEvent.findMany({
    where: { entity, entityId: id },
    orderBy: { id: "asc" },
    select: { id: true, fromStatus: true, toStatus: true, note: true, userId: true, createdAt: true },
  });
  const userIds = [...new Set(events.map((e) => e.userId).filter((x): x is number => x !== null))];
  const users = userIds.length ? await db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [];
  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  return events.map((e) => ({ id: e.id, from: e.fromStatus, to: e.toStatus, note: e.note, user: e.userId ? (nameOf.get(e.userId) ?? null) : null, at: e.createdAt.toISOString() }));
}
