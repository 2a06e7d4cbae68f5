import { useState, type CSSProperties, type ReactNode } from 'react';

export interface PictureProps {
  src?: string | null;
  alt: string;
  /** The box the picture takes (CSS may scale it); set on the element so nothing moves when it arrives. */
  width: number;
  height: number;
  /**
   * Above the fold (the first cards of a list, a detail page's photo): fetched at once. Everything
   * else waits until it scrolls near (loading="lazy").
   */
  eager?: boolean;
  /** The page's largest picture (its LCP): fetched before other images. */
  priority?: boolean;
  className?: string;
  /** Applied to the picture and to its fallback alike (the class may size the box instead). */
  style?: CSSProperties;
  /** Shown in the same box when there is no picture or it fails to load (decorative: the name is beside it). */
  fallback: ReactNode;
}

/**
 * One picture of a doctor, nurse or medicine: sized, lazy below the fold, decoded off the main
 * thread, with alt text, and a fallback in the same box when the URL is missing or broken.
 */
export default function Picture({ src, alt, width, height, eager = false, priority = false, className, style, fallback }: PictureProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className={['picture-fallback', className].filter(Boolean).join(' ')} style={style} aria-hidden="true" data-testid="picture-fallback">
        {fallback}
      </span>
    );
  }
  return (
    <img
      className={className}
      style={style}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(src)}
    />
  );
}
