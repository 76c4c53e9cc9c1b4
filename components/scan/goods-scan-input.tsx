"use client";

import { CameraOutlined, ScanOutlined } from "@ant-design/icons";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { goodsCodeFromScan } from "@/lib/qrcode/purposes";
import { codeOnKey, SCAN_MAX_LENGTH } from "./scan-logic";
import styles from "./goods-scan-input.module.css";

// The goods scan input of the warehouse's counter sale and entry form: a hardware scanner (a
// keyboard wedge) types the code and Enter; a person may type it too, or press "Add". The text
// may be a goods label's address: its ?code= is the code (goodsCodeFromScan). "Camera" opens a
// small dialog with the rear camera, loaded with its decoder only then (nothing of it is in the
// screen's first load). The host screen resolves the code and passes back a message (unknown
// code, goods it does not offer), shown under the field and announced.

const ScanCamera = dynamic(() => import("./scan-camera").then((m) => m.ScanCamera), { ssr: false });

export type GoodsScanInputProps = {
  /** Called with each scanned or typed code (never empty). */
  onCode: (code: string) => void;
  /** The host's answer to the last code: an error (role=alert) or a note (status). */
  message?: { kind: "error" | "info"; text: string } | null;
  disabled?: boolean;
  /** Test id of the input; the buttons and message are `${testId}-add`, `-camera`, `-message`. */
  testId?: string;
  autoFocus?: boolean;
};

export function GoodsScanInput({ onCode, message, disabled, testId = "scan-code", autoFocus }: GoodsScanInputProps) {
  const t = useTranslations("Scan");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [camera, setCamera] = useState(false);

  const take = (code: string | null) => {
    if (!code) return;
    setText("");
    onCode(code);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    // Enter never submits an enclosing form: it ends the scan.
    e.preventDefault();
    take(codeOnKey(e.key, e.currentTarget.value, e.nativeEvent.isComposing));
  };
  const closeCamera = () => setCamera(false);
  // Focus goes back to the input once the camera's modal dialog is gone (while it is open the
  // rest of the page is inert and cannot take focus).
  const cameraWasOpen = useRef(false);
  useEffect(() => {
    if (cameraWasOpen.current && !camera) input.current?.focus();
    cameraWasOpen.current = camera;
  }, [camera]);

  return (
    <div className={styles.scan} data-testid={`${testId}-box`}>
      <label className={styles.label} htmlFor={`${id}-code`}>
        {t("label")}
      </label>
      <div className={styles.row}>
        <span className={styles.field}>
          <ScanOutlined className={styles.icon} aria-hidden />
          <input
            ref={input}
            id={`${id}-code`}
            className={styles.input}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            maxLength={SCAN_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="enter"
            autoFocus={autoFocus}
            disabled={disabled}
            aria-describedby={`${id}-hint${message ? ` ${id}-message` : ""}`}
            aria-invalid={message?.kind === "error" || undefined}
            data-testid={testId}
          />
        </span>
        <button type="button" className={styles.button} disabled={disabled || !text.trim()} onClick={() => take(goodsCodeFromScan(text) || null)} data-testid={`${testId}-add`}>
          {t("add")}
        </button>
        <button type="button" className={styles.button} disabled={disabled} onClick={() => setCamera(true)} aria-haspopup="dialog" data-testid={`${testId}-camera`}>
          <CameraOutlined aria-hidden />
          <span>{t("camera")}</span>
        </button>
      </div>
      <span id={`${id}-hint`} className={styles.hint}>
        {t("hint")}
      </span>
      {message && (
        <span
          id={`${id}-message`}
          className={message.kind === "error" ? styles.error : styles.info}
          role={message.kind === "error" ? "alert" : "status"}
          data-testid={`${testId}-message`}
        >
          {message.text}
        </span>
      )}
      {camera && (
        <ScanCamera
          onCode={(code) => {
            const c = goodsCodeFromScan(code);
            if (c) onCode(c);
          }}
          onClose={closeCamera}
          testId={`${testId}-dialog`}
        />
      )}
    </div>
  );
}
