import { mediaPath } from "@/lib/news/public-urls";

// A cover picture in a fixed 16:9 box (no layout shift). Lists use the thumbnail where it is
// enough and the picture itself on wide or dense screens; the article shows the picture.
type Props = { coverId: string | null; className: string; emptyClassName: string; list?: boolean; priority?: boolean; alt?: string };

export function NewsCover({ coverId, className, emptyClassName, list, priority, alt = "" }: Props) {
  if (!coverId) return <div className={emptyClassName} aria-hidden="true" />;
  const full = mediaPath(coverId);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- stored as WebP with a thumbnail (srcset); next/image would add a client component to pages that have none
    <img
      className={className}
      src={full}
      srcSet={list ? `${mediaPath(coverId, true)} 320w, ${full} 800w` : undefined}
      sizes={list ? "(min-width: 960px) 360px, (min-width: 640px) 50vw, 100vw" : undefined}
      alt={alt}
      width={800}
      height={450}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
}
