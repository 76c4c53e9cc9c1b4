import type { ReactNode } from "react";
import styles from "./panel.module.css";

/** A screen's frame: title, optional description and toolbar, then the content. */
export function PageContainer({ title, description, extra, children }: { title: string; description?: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panel}>
      <div className={styles.body}>
        <div style={{ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 16, marginBottom: 16 }}>
          <div>
            <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600 }} data-testid="page-title">
              {title}
            </h1>
            {description && <p style={{ margin: "4px 0 0", color: "rgba(0,0,0,0.6)" }}>{description}</p>}
          </div>
          {extra}
        </div>
        {children}
      </div>
    </section>
  );
}
