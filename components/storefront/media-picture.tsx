import type { ImgHTMLAttributes } from 'react';
import { responsiveSources } from '@/lib/core/media-variants';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  src: string;
  /** The original's width, when known: the sources then list every width it was made in. */
  mediaWidth?: number | null;
  /** How wide the picture shows, for the browser to pick a width (with mediaWidth). */
  sizes?: string;
};

/**
 * A product picture. An uploaded image becomes a `<picture>` of its AVIF and WebP widths (the
 * browser takes the best format it knows and the narrowest file that fills the slot); any other
 * (the demo's own files) stays the `<img>` it was. All from this host.
 */
export function MediaPicture({ src, mediaWidth = null, sizes, alt = '', ...img }: Props) {
  const sources = responsiveSources(src, mediaWidth);
  if (!sources) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="media-picture">
      {sources.srcSets.map((s) => (
        <source key={s.format} type={s.type} srcSet={s.srcSet} sizes={mediaWidth ? sizes : undefined} />
      ))}
      <img src={sources.fallback} alt={alt} {...img} />
    </picture>
  );
}
