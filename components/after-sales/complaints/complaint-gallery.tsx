"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type MouseEvent } from "react";
import styles from "./complaints.module.css";

// The complaint's images as thumbnails that open large in the browser's own <dialog> (no antd
// on the detail's first load). Without JavaScript each thumbnail is a link to the full file.

export type GalleryImage = { id: string; name: string; url: string; thumbUrl: string | null };

export function ComplaintGallery({ images }: { images: GalleryImage[] }) {
  const t = useTranslations("Complaints.detail");
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState<number | null>(null);

  const open = (e: MouseEvent, i: number) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return; // a new tab stays a new tab
    e.preventDefault();
    setIndex(i);
    if (!dialog.current?.open) dialog.current?.showModal();
  };
  const current = index !== null ? images[index] : null;

  return (
    <>
      <ul className={styles.gallery} data-testid="complaint-images">
        {images.map((img, i) => (
          <li key={img.id}>
            <a className={styles.thumbLink} href={img.url} target="_blank" rel="noopener" onClick={(e) => open(e, i)} title={img.name} data-testid="complaint-image">
              {/* eslint-disable-next-line @next/next/no-img-element -- a private file: next/image's optimizer cannot fetch it */}
              <img src={img.thumbUrl ?? img.url} alt={img.name} width={104} height={104} loading="lazy" />
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
        data-testid="complaint-image-preview"
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
                <button type="button" className={styles.previewButton} onClick={() => dialog.current?.close()} data-testid="complaint-preview-close">
                  {t("closePreview")}
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
