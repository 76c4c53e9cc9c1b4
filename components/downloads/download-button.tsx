"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { requestDownloadAction } from "@/lib/downloads/actions";
import type { DownloadGrant } from "@/lib/downloads/service";
import { DownloadIcon, LinkIcon, LockIcon } from "./icons";
import styles from "./downloads.module.css";
import ui from "@/components/ui/record-screen.module.css";

// The Download button. An item with a verify code asks for it first in a small dialog (the
// browser's own <dialog>, no antd in the first load); a wrong code, or too many of them, is
// said under the field. A granted download is a link signed for a minute: a file downloads in
// place (an <a download> click, so an error never replaces the page), an external address opens
// in a new tab. The server refreshes the screen, so the count goes up.

type Props = { id: number; title: string; locked: boolean; external: boolean; primary?: boolean };

function follow(grant: DownloadGrant) {
  if (grant.external) {
    // Opened from the click's activation; the new tab cannot reach back to this one.
    const w = window.open(grant.url, "_blank");
    if (w) w.opener = null;
    else window.location.assign(grant.url);
    return;
  }
  const a = document.createElement("a");
  a.href = grant.url;
  a.download = "";
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function DownloadButton({ id, title, locked, external, primary = true }: Props) {
  const t = useTranslations("Downloads");
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  const ask = async (code?: string) => {
    setBusy(true);
    const res = await requestDownloadAction({ id, code }).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", t("errors.failed"));
    if (!res.ok) {
      const onField = res.fieldErrors?.code;
      if (locked && onField) {
        setError(onField);
        input.current?.select();
        return;
      }
      return void actionFailed(res);
    }
    dialog.current?.close();
    follow(res.data);
    toast("success", <span data-testid="download-started">{t(external ? "started.external" : "started.file", { title })}</span>);
  };

  const start = () => {
    if (!locked) return void ask();
    setError(null);
    if (input.current) input.current.value = "";
    dialog.current?.showModal();
    input.current?.focus();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = input.current?.value.trim() ?? "";
    if (!code) {
      setError(t("errors.codeRequired"));
      return;
    }
    void ask(code);
  };

  return (
    <>
      <button
        type="button"
        className={`${primary ? ui.buttonPrimary : ui.button} ${styles.downloadButton}`}
        onClick={start}
        disabled={busy && !locked}
        aria-haspopup={locked ? "dialog" : undefined}
        data-testid="download-button"
      >
        {locked ? <LockIcon /> : external ? <LinkIcon /> : <DownloadIcon />}
        {busy && !locked ? t("actions.preparing") : t(external ? "actions.openLink" : "actions.download")}
      </button>
      {locked && (
        <dialog ref={dialog} className={styles.codeDialog} aria-labelledby={`${fieldId}-title`} onClose={() => setError(null)} data-testid="download-code-dialog">
          <form className={styles.codeForm} onSubmit={submit} noValidate>
            <h2 id={`${fieldId}-title`}>
              <LockIcon />
              {t("code.title")}
            </h2>
            <p>{t("code.text", { title })}</p>
            <label className={styles.codeLabel} htmlFor={fieldId}>
              {t("fields.code")}
              <input
                ref={input}
                id={fieldId}
                name="code"
                className={styles.codeInput}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                required
                aria-invalid={error ? "true" : undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
                onInput={() => error && setError(null)}
                data-testid="download-code"
              />
            </label>
            {error && (
              <p id={`${fieldId}-error`} className={styles.codeError} role="alert" data-testid="download-code-error">
                {error}
              </p>
            )}
            <div className={styles.codeButtons}>
              <button type="button" className={ui.button} onClick={() => dialog.current?.close()} data-testid="download-code-cancel">
                {t("code.cancel")}
              </button>
              <button type="submit" className={ui.buttonPrimary} disabled={busy} data-testid="download-code-submit">
                {busy ? t("actions.preparing") : t(external ? "actions.openLink" : "code.submit")}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}
