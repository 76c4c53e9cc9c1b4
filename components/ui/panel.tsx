import type { ReactNode } from "react";
import styles from "./panel.module.css";

/** A titled white panel: the look of antd's Card without its weight (Card pulls in Tabs). */
export function Panel({ title, extra, children, className }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`${styles.panel} ${className ?? ""}`}>
      {(title || extra) && (
        <header className={styles.head}>
          {title && <h3 className={styles.title}>{title}</h3>}
          {extra}
        </header>
      )}
      <div className={styles.body}>{children}</div>
    </section>
  );
}
