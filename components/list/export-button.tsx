"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { actionFailed, toast } from "@/components/ui/feedback";
import { withBase } from "@/lib/client/base-path";
import kit from "@/components/ui/record-screen.module.css";

// The list kit's export button (issue 17): the one piece of a server-rendered list screen that
// runs in the browser. It downloads the file the export endpoint builds for the list's current
// filters (an Excel workbook), shows that it is working while the file is made, and answers a
// refusal (too many rows, an ended session, no permission) with the endpoint's translated
// message instead of a download of an error page.

type Props = {
  /** The export endpoint, app-relative ("/api/v1/admin/vehicleStock/export?vin=…"). */
  href: string;
  label: string;
  testId?: string;
};

export function ExportButton({ href, label, testId = "export" }: Props) {
  const t = useTranslations("Common");
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(withBase(href), { credentials: "same-origin" });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
        // The HTTP form of an ended session is UNAUTHORIZED (lib/actions/errors.ts).
        const code = res.status === 401 ? "UNAUTHENTICATED" : body?.code;
        return actionFailed({ code, message: body?.message ?? t("unexpectedError", { requestId: res.headers.get("x-request-id") ?? "—" }) });
      }
      const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get("content-disposition") ?? "")?.[1];
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = name ? decodeURIComponent(name) : "export.xlsx";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast("error", t("networkError"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={kit.button} onClick={() => void download()} disabled={busy} aria-busy={busy || undefined} data-testid={testId}>
      {busy ? t("loading") : label}
    </button>
  );
}
