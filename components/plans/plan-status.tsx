import type { PurchasePlanStatus } from "@/lib/generated/prisma/enums";
import styles from "@/components/ui/record-screen.module.css";

const COLOR: Record<PurchasePlanStatus, string> = { DRAFT: "default", SUBMITTED: "blue", APPROVED: "green", RETURNED: "orange" };

/** A purchase plan's status as a coloured tag (server HTML). */
export function PlanStatus({ status, label, testId }: { status: PurchasePlanStatus; label: string; testId?: string }) {
  return (
    <span className={styles.tag} data-color={COLOR[status]} data-value={status} data-testid={testId}>
      {label}
    </span>
  );
}
