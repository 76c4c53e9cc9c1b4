"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { isChunkError } from "@/lib/client/chunk-error";
import { errorDialog, toast } from "@/components/ui/feedback";
import { subscribeRoute } from "@/lib/client/route-events";

const CHUNK_TIMEOUT_MS = 120_000; // spec section 9: script chunk load time-out

/**
 * The global error handler (spec section 8): an unhandled error's message becomes an error
 * toast; a chunk that fails to load, or a navigation that takes over 120 s, gives the generic
 * loader error in an "Error prompt" dialog with a retry button.
 */
export function GlobalErrorHandler() {
  const t = useTranslations("Common");

  useEffect(() => {
    let open = false;
    const loaderError = (text: string) => {
      if (open) return;
      open = true;
      errorDialog({ title: t("errorPrompt"), content: text, okText: t("retry"), onOk: () => window.location.reload(), afterClose: () => (open = false) });
    };
    const onError = (reason: unknown) => {
      if (isChunkError(reason)) return loaderError(t("loaderError"));
      const text = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
      if (text) toast("error", text);
    };
    const onRejection = (e: PromiseRejectionEvent) => onError(e.reason);
    const onWindowError = (e: ErrorEvent) => onError(e.error ?? e.message);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onWindowError);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeRoute((ev) => {
      clearTimeout(timer);
      if (ev.type === "start") timer = setTimeout(() => loaderError(`${t("loaderTimeout")} ${t("loaderError")}`), CHUNK_TIMEOUT_MS);
    });
    return () => {
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onWindowError);
      clearTimeout(timer);
      unsubscribe();
    };
  }, [t]);

  return null;
}
