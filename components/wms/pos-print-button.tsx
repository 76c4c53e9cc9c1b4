"use client";

import { useTranslations } from "next-intl";
import styles from "@/components/ui/record-screen.module.css";

/** Prints the receipt; the page's print stylesheet (./pos.module.css) leaves only the receipt. */
export function PosPrintButton() {
  const t = useTranslations("WmsPos.receipt");
  return (
    <button type="button" className={styles.buttonPrimary} onClick={() => window.print()} data-testid="pos-print">
      {t("print")}
    </button>
  );
}
