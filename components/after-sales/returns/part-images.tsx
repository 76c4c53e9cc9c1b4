import { getTranslations } from "next-intl/server";
import type { AttachmentValue } from "@/lib/uploads/formats";
import styles from "./returns.module.css";

// A return's part images as thumbnails, each a link to the full image (served only to those
// who may see the return). Server-rendered: no viewer code in the first load.
export async function PartImages({ images, small = false, testId = "part-images" }: { images: AttachmentValue[]; small?: boolean; testId?: string }) {
  const t = await getTranslations("SalesReturns.detail");
  if (!images.length)
    return small ? (
      <span>—</span>
    ) : (
      <p className={styles.description} style={{ color: "rgba(0,0,0,0.6)" }}>
        {t("noImages")}
      </p>
    );
  return (
    <ul className={`${styles.images} ${small ? styles.small : ""}`} data-testid={testId}>
      {images.map((img, i) => (
        <li key={img.id}>
          <a
            className={styles.image}
            href={img.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("openImage", { n: i + 1, count: images.length })}
            data-testid="part-image"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a private, per-record file: next/image's optimizer cannot fetch it */}
            <img src={img.thumbUrl ?? img.url} alt={img.name} width={small ? 48 : 96} height={small ? 48 : 96} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
