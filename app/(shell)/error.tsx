"use client";

import { Button, Result } from "antd";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { isChunkError } from "@/lib/client/chunk-error";

// A screen that failed to render: a chunk that did not load gets the loader error and a retry;
// anything else a generic message with the error's digest to quote to support.
export default function ShellError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("Common");
  useEffect(() => console.error(error), [error]);
  const chunk = isChunkError(error);
  return (
    <Result
      status="error"
      title={t("errorPrompt")}
      subTitle={chunk ? t("loaderError") : t("unexpectedError", { requestId: error.digest ?? "—" })}
      extra={
        <Button type="primary" onClick={() => (chunk ? window.location.reload() : reset())}>
          {t("retry")}
        </Button>
      }
    />
  );
}
