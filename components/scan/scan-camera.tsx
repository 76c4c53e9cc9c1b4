"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { cameraProblem, freshRead, type CameraProblem, type ReadMemory } from "./scan-logic";
import styles from "./goods-scan-input.module.css";

// The scan camera (loaded by GoodsScanInput on the first "Camera"): a modal <dialog> (focus kept
// inside, Escape closes) with the rear camera's video. Frames are read about five times a second
// until it closes; each new code goes to the host (the same code held in view counts once).

const FRAME_MS = 200;

export function ScanCamera({ onCode, onClose, testId }: { onCode: (text: string) => void; onClose: () => void; testId: string }) {
  const t = useTranslations("Scan");
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"starting" | "reading" | CameraProblem>("starting");
  const [last, setLast] = useState<string | null>(null);
  // The host's callback may change on every render; the reading loop reads the latest.
  const emit = useRef(onCode);
  useEffect(() => {
    emit.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let memory: ReadMemory = null;

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error("no camera API"), { name: "NotSupportedError" });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
      if (stopped) return;
      const el = video.current!;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      const { frameReader } = await import("./decoder");
      const read = await frameReader();
      if (stopped) return;
      setState("reading");
      const tick = async () => {
        if (stopped) return;
        const found = await read(el).catch(() => [] as string[]);
        const text = found.find((s) => s.trim());
        if (text && !stopped) {
          const r = freshRead(memory, text, Date.now());
          memory = r.memory;
          if (r.fresh) {
            setLast(text);
            emit.current(text);
          }
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    };
    start().catch((e: unknown) => {
      // The camera goes off at once when nothing can be read from it.
      stream?.getTracks().forEach((tr) => tr.stop());
      if (!stopped) setState(cameraProblem(e));
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, []);

  const problem = state !== "starting" && state !== "reading" ? state : null;

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${testId}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid={testId}
    >
      <h2 id={`${testId}-title`} className={styles.dialogTitle}>
        {t("cameraTitle")}
      </h2>
      <video ref={video} className={styles.video} hidden={!!problem} muted playsInline aria-label={t("cameraVideo")} />
      <p className={problem ? styles.error : styles.hint} role={problem ? "alert" : "status"} data-testid={`${testId}-status`}>
        {problem ? t(`problem.${problem}`) : state === "starting" ? t("starting") : last ? t("read", { code: last }) : t("cameraHelp")}
      </p>
      <div className={styles.dialogButtons}>
        <button type="button" className={styles.button} onClick={onClose} autoFocus data-testid={`${testId}-close`}>
          {t("close")}
        </button>
      </div>
    </dialog>
  );
}
