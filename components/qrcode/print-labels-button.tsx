"use client";

import { useSelection } from "@/components/list/selection";
import styles from "@/components/ui/record-screen.module.css";
import { BASE_PATH } from "@/lib/client/base-path";
import type { QrPurpose } from "@/lib/qrcode/purposes";

// A list's "Print labels" (inside its SelectionScope): a link to the print page of the selected
// rows, opened in a new tab. Nothing of the QR code library comes to the browser: the print
// page draws the codes on the server.

export function PrintLabelsButton({ purpose, label, countLabel, hint }: { purpose: QrPurpose; label: string; countLabel: string; hint: string }) {
  const { selected } = useSelection();
  if (!selected.length) {
    return (
      <button type="button" className={styles.button} disabled title={hint} data-testid="print-labels">
        {label}
      </button>
    );
  }
  const href = `${BASE_PATH}/labels/print?purpose=${purpose}&ids=${selected.join(",")}`;
  return (
    <a className={styles.button} href={href} target="_blank" rel="noopener" data-testid="print-labels">
      {countLabel.replace("#", String(selected.length))}
    </a>
  );
}
