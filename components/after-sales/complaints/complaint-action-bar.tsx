"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { closeComplaintAction, takeComplaintAction } from "@/lib/after-sales/complaints/actions";
import type { ComplaintMove } from "@/lib/after-sales/complaints/states";
import styles from "@/components/ui/record-screen.module.css";

// The detail's buttons: only the moves complaint-states.ts and the viewer's permissions allow
// (the service refuses the rest anyway). Staff take and reply; the dealer closes (asked first)
// or adds a note. The reply and note forms load with their own chunk on first click.
const TextDialog = antdDynamic(() => import("./complaint-text-dialog").then((m) => m.ComplaintTextDialog));

export function ComplaintActionBar({ id, complaintNo, moves }: { id: number; complaintNo: string; moves: ComplaintMove[] }) {
  const t = useTranslations("Complaints.actions");
  const router = useRouter();
  const [dialog, setDialog] = useState<"reply" | "note" | null>(null);
  const [pending, start] = useTransition();
  if (moves.length === 0) return null;

  const run = (move: "take" | "close") =>
    start(async () => {
      if (move === "close") {
        const ok = await confirmDialog({ title: t("closeTitle", { complaintNo }), content: t("closeText"), okText: t("close"), cancelText: t("cancel") });
        if (!ok) return;
      }
      const res = await (move === "take" ? takeComplaintAction({ id }) : closeComplaintAction({ id })).catch(() => null);
      if (!res) return void toast("error", t("failed"));
      if (!res.ok) return void actionFailed(res);
      toast("success", t(`done.${move}`, { complaintNo }));
      router.refresh();
    });

  return (
    <div className={styles.buttons} data-testid="complaint-actions">
      {moves.includes("take") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => run("take")} data-testid="complaint-take">
          {t("take")}
        </button>
      )}
      {moves.includes("reply") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => setDialog("reply")} data-testid="complaint-reply">
          {t("reply")}
        </button>
      )}
      {moves.includes("close") && (
        <button type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => run("close")} data-testid="complaint-close">
          {t("close")}
        </button>
      )}
      {moves.includes("note") && (
        <button type="button" className={styles.button} disabled={pending} onClick={() => setDialog("note")} data-testid="complaint-note">
          {t("note")}
        </button>
      )}
      {dialog && (
        <TextDialog
          move={dialog}
          id={id}
          complaintNo={complaintNo}
          onClose={(done) => {
            setDialog(null);
            if (done) router.refresh();
          }}
        />
      )}
    </div>
  );
}
