import { preload } from "react-dom";
import { mediaPath } from "@/lib/news/public-urls";

// A cover picture in a fixed 16:9 box (no layout shift). Lists use the thumbnail where it is
// enough and the picture itself on wide or dense screens; the article shows the picture.
// `priority` loads a picture above the fold at once; `lcp` also announces it in <head> with high
// priority (the page's largest paint), before the scripts compete for the connection.
type Props = { coverId: string | null; className: string; emptyClassName: string; list?: boolean; priority?: boolean; lcp?: boolean; alt?: string };

const SIZES = "(min-width: 960px) 360px, (min-width: 640px) 50vw, 100vw";

export function NewsCover({ coverId, className, emptyClassName, list, priority, lcp, alt = "" }: Props) {
  if (!coverId) return <div className={emptyClassName} aria-hidden="true" />;
  const full = mediaPath(coverId);
  const srcSet = list ? `${mediaPath(coverId, true)} 320w, ${full} 1200w` : undefined;
  if (lcp) preload(full, { as: "image", fetchPriority: "high", imageSrcSet: srcSet, imageSizes: list ? SIZES : undefined });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- stored as WebP with a thumbnail (srcset); next/image would add a client component to pages that have none
    <img
      className={className}
      src={full}
      srcSet={srcSet}
      sizes={list ? SIZES : undefined}
      alt={alt}
      width={800}
      height={450}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={lcp ? "high" : undefined}
      decoding={lcp ? "sync" : "async"}
    />
  );
}
