import type { WmsDocStatus } from "@/lib/generated/prisma/enums";
import styles from "@/components/ui/record-screen.module.css";

const COLOR: Record<WmsDocStatus, string> = { DRAFT: "default", COUNTING: "orange", IN_TRANSIT: "blue", POSTED: "green", RECEIVED: "green", CANCELLED: "red" };

/** A warehouse document's status as a coloured tag (server HTML). */
export function DocStatus({ status, label, testId }: { status: WmsDocStatus; label: string; testId?: string }) {
  return (
    <span className={styles.tag} data-color={COLOR[status]} data-value={status} data-testid={testId}>
      {label}
    </span>
  );
}
