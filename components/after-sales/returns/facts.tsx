import type { ReactNode } from "react";
import styles from "@/components/ui/record-screen.module.css";

// A definition list of a record's fields (label, value, optional test id), as on pre-orders.
export type Fact = [string, ReactNode, string?];

export function Facts({ list }: { list: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {list.map(([label, value, key]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={key ? `detail-${key}` : undefined}>{value === null || value === undefined || value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The status history (from → to, who, when, note), oldest first. */
export function History({
  events,
  badge,
  by,
  when,
  empty,
  testId,
}: {
  events: { id: number; from: string | null; to: string; note: string | null; user: string | null; at: string }[];
  badge: (status: string) => ReactNode;
  by: (user: string) => string;
  when: (iso: string) => string;
  empty: string;
  testId: string;
}) {
  if (!events.length) return <p className={styles.muted}>{empty}</p>;
  return (
    <ol className={styles.timeline} data-testid={testId}>
      {events.map((e) => (
        <li key={e.id} className={styles.step} data-status={e.to}>
          <div className={styles.stepHead}>
            {e.from ? (
              <>
                {badge(e.from)}
                <span aria-hidden="true">→</span>
              </>
            ) : null}
            {badge(e.to)}
            <span className={styles.muted}>{when(e.at)}</span>
            {e.user ? <span className={styles.muted}>{by(e.user)}</span> : null}
          </div>
          {e.note ? <p className={styles.stepNote}>{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
