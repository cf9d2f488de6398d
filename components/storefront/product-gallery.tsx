'use client';

import { useEffect, useState } from 'react';
import type { Locale } from '@/lib/schemas/common';
import { uiText } from '@/lib/storefront/ui-text';
import { MediaPicture } from './media-picture';

export type GalleryImage = { id: string; url: string; alt: string; width: number | null; height: number | null };

/** The event the variant picker sends when the shopper chooses another SKU. */
export const VARIANT_EVENT = 'sf:variant';

type Props = {
  images: GalleryImage[];
  locale: Locale;
  /** The image showing each SKU (its colour, say), by SKU id; SKUs without one keep the current image. */
  imageBySku?: Record<string, number>;
  initialIndex?: number;
};

/**
 * Every image of the product: a large one, and thumbnails (buttons) that choose it. Choosing a
 * variant shows its image.
 */
export function ProductGallery({ images, locale, imageBySku = {}, initialIndex = 0 }: Props) {
  const t = uiText(locale);
  const [index, setIndex] = useState(initialIndex);
  useEffect(() => {
    const onVariant = (e: Event) => {
      const i = imageBySku[(e as CustomEvent<string>).detail];
      if (i !== undefined) setIndex(i);
    };
    window.addEventListener(VARIANT_EVENT, onVariant);
    return () => window.removeEventListener(VARIANT_EVENT, onVariant);
  }, [imageBySku]);
  const current = images[index] ?? images[0];
  if (!current) return <div className="sf-gallery sf-gallery--empty" aria-hidden="true" />;
  return (
    <section className="sf-gallery" aria-label={t.gallery}>
      <MediaPicture
        className="sf-gallery__main"
        src={current.url}
        mediaWidth={current.width}
        sizes="(min-width: 900px) 560px, 100vw"
        alt={current.alt}
        width={current.width ?? 800}
        height={current.height ?? 800}
        fetchPriority="high"
        data-testid="gallery-main"
      />
      {images.length > 1 ? (
        <ul className="sf-gallery__thumbs" role="list">
          {images.map((m, i) => (
            <li key={m.id}>
              <button type="button" aria-label={t.showImage(i + 1, images.length)} aria-pressed={i === index} onClick={() => setIndex(i)}>
                <MediaPicture src={m.url} alt="" width={96} height={96} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
