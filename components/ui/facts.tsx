import type { ReactNode } from "react";
import styles from "@/components/ui/record-screen.module.css";

// A record's fields as a definition list, and its status history as a timeline: what every
// detail screen (returns, warehouse documents, purchase plans, members) shows the same way.

/** A field: label, value, and the test id's suffix (after `testIdPrefix`). */
export type Fact = [string, ReactNode, string?];

/** The fields; an empty value shows "—". The value's test id is `testIdPrefix` + the fact's key. */
export function Facts({ list, testIdPrefix = "detail-" }: { list: Fact[]; testIdPrefix?: string }) {
  return (
    <dl className={styles.facts}>
      {list.map(([label, value, key]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={key ? `${testIdPrefix}${key}` : undefined}>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export type HistoryEvent = { id: number; from: string | null; to: string; note: string | null; user: string | null; at: string };

/**
 * The status history (who, when, note), oldest first: each step shows its status, and with
 * `transitions` the status it came from too (from → to).
 */
export function History({
  events,
  badge,
  by,
  when,
  empty,
  testId,
  transitions = true,
  note = (n) => n,
}: {
  events: HistoryEvent[];
  badge: (status: string) => ReactNode;
  by: (user: string) => string;
  when: (iso: string) => string;
  empty: string;
  testId: string;
  transitions?: boolean;
  /** The note as shown (a coded note translated). */
  note?: (note: string) => ReactNode;
}) {
  if (!events.length) return <p className={styles.muted}>{empty}</p>;
  return (
    <ol className={styles.timeline} data-testid={testId}>
      {events.map((e) => (
        <li key={e.id} className={styles.step} data-status={e.to}>
          <div className={styles.stepHead}>
            {transitions && e.from ? (
              <>
                {badge(e.from)}
                <span aria-hidden="true">→</span>
              </>
            ) : null}
            {badge(e.to)}
            <span className={styles.muted}>{when(e.at)}</span>
            {e.user ? <span className={styles.muted}>{by(e.user)}</span> : null}
          </div>
          {e.note ? <p className={styles.stepNote}>{note(e.note)}</p> : null}
        </li>
      ))}
    </ol>
  );
}
