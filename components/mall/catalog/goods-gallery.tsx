"use client";

import { useState } from "react";
import type { AttachmentValue } from "@/lib/uploads/formats";
import styles from "./catalog.module.css";

/** The goods detail's pictures: one large, the others as thumbnails to switch to. */
export function GoodsGallery({ pictures, name, labels }: { pictures: AttachmentValue[]; name: string; labels: string[] }) {
  const [index, setIndex] = useState(0);
  const shown = pictures[index] ?? pictures[0];
  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        {/* eslint-disable-next-line @next/next/no-img-element -- files are served to signed-in viewers only */}
        <img src={shown.url} alt={name} width={800} height={600} data-testid="gallery-main" />
      </div>
      {pictures.length > 1 && (
        <ul className={styles.thumbs}>
          {pictures.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className={`${styles.thumb} ${i === index ? styles.thumbActive : ""}`}
                aria-label={labels[i]}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                data-testid="gallery-thumb"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
                <img src={p.thumbUrl ?? p.url} alt="" width={72} height={54} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
