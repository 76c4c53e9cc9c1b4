import { Panel } from "./panel";
import styles from "./page-skeleton.module.css";

/** Streaming placeholder while a screen's data loads: CSS only, no client code. */
export function PageSkeleton() {
  return (
    <Panel>
      <div data-testid="page-skeleton" className={styles.skeleton} aria-busy="true">
        <div className={styles.title} />
        {[100, 92, 96, 80, 88, 60].map((w, i) => (
          <div key={i} className={styles.line} style={{ width: `${w}%` }} />
        ))}
      </div>
    </Panel>
  );
}
