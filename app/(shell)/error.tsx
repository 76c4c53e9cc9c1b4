"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { isChunkError } from "@/lib/client/chunk-error";
import { Panel } from "@/components/ui/panel";

// A screen that failed to render: a chunk that did not load gets the loader error and a retry;
// anything else a generic message with the error's digest to quote to support.
export default function ShellError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("Common");
  useEffect(() => console.error(error), [error]);
  const chunk = isChunkError(error);
  return (
    <Panel title={t("errorPrompt")}>
      <div role="alert" data-testid="page-error">
        <p style={{ marginTop: 0 }}>{chunk ? t("loaderError") : t("unexpectedError", { requestId: error.digest ?? "—" })}</p>
        <button type="button" className="plain-button" style={{ border: 0, cursor: "pointer" }} onClick={() => (chunk ? window.location.reload() : reset())}>
          {t("retry")}
        </button>
      </div>
    </Panel>
  );
}
