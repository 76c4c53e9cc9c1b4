"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type MouseEvent } from "react";
import type { DownloadImage } from "@/lib/downloads/queries";
import styles from "./downloads.module.css";

// An item's pictures as thumbnails that open large in the browser's own <dialog> (no antd in
// the screen's first load). Without JavaScript each thumbnail is a link to the full picture.

export function DownloadGallery({ images, title, large = false }: { images: DownloadImage[]; title: string; large?: boolean }) {
  const t = useTranslations("Downloads.gallery");
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState<number | null>(null);
  if (images.length === 0) return null;

  const open = (e: MouseEvent, i: number) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return; // a new tab stays a new tab
    e.preventDefault();
    setIndex(i);
    if (!dialog.current?.open) dialog.current?.showModal();
  };
  const current = index !== null ? images[index] : null;

  return (
    <>
      <ul className={`${styles.gallery} ${large ? styles.large : ""}`} aria-label={t("label", { title })} data-testid="download-images">
        {images.map((img, i) => (
          <li key={img.id}>
            <a
              className={styles.thumbLink}
              href={img.url}
              target="_blank"
              rel="noopener"
              onClick={(e) => open(e, i)}
              title={t("open", { name: img.name })}
              data-testid="download-image"
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a private file: next/image's optimizer cannot fetch it */}
              <img src={img.thumbUrl ?? img.url} alt={img.name} width={large ? 144 : 96} height={large ? 108 : 72} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className={styles.preview}
        aria-label={current?.name ?? t("preview")}
        onClose={() => setIndex(null)}
        onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
        data-testid="download-image-preview"
      >
        {current && index !== null && (
          <>
            <div className={styles.previewBar}>
              <span className={styles.previewName}>
                {t("imageOf", { n: index + 1, total: images.length })} · {current.name}
              </span>
              <span className={styles.previewButtons}>
                <button type="button" className={styles.previewButton} disabled={index === 0} onClick={() => setIndex(index - 1)}>
                  {t("previous")}
                </button>
                <button type="button" className={styles.previewButton} disabled={index === images.length - 1} onClick={() => setIndex(index + 1)}>
                  {t("next")}
                </button>
                <button type="button" className={styles.previewButton} onClick={() => dialog.current?.close()} data-testid="download-preview-close">
                  {t("close")}
                </button>
              </span>
            </div>
            {/* eslint-disable-next-line @next/next/no-img-element -- a private file: next/image's optimizer cannot fetch it */}
            <img className={styles.previewImage} src={current.url} alt={current.name} />
          </>
        )}
      </dialog>
    </>
  );
}
