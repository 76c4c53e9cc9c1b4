import type { ReactNode } from "react";
import styles from "@/components/ui/record-screen.module.css";
import type { MemberCan } from "@/lib/members/queries";
import type { MemberTab } from "@/lib/members/options";
import { MemberTabs } from "./member-tabs";

/** The heading card of every section: title (the page-title the specs read), intro, actions, tabs. */
export function MemberHeader({ title, intro, tab, can, children }: { title: ReactNode; intro: ReactNode; tab: MemberTab; can: MemberCan; children?: ReactNode }) {
  return (
    <section className={styles.card}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title} data-testid="page-title">
            {title}
          </h1>
          <p className={styles.intro}>{intro}</p>
        </div>
        {children}
      </div>
      <MemberTabs current={tab} can={can} />
    </section>
  );
}
