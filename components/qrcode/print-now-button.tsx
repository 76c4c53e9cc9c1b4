"use client";

import styles from "@/components/ui/record-screen.module.css";

/** The print page's Print button: the browser's print dialog (the toolbar is not printed). */
export function PrintNowButton({ label }: { label: string }) {
  return (
    <button type="button" className={styles.buttonPrimary} onClick={() => window.print()} data-testid="labels-print">
      {label}
    </button>
  );
}
