'use client';

import { useState } from 'react';
import type { Locale } from '@/lib/schemas/common';
import { uiText } from '@/lib/storefront/ui-text';

export type GalleryImage = { id: string; url: string; alt: string; width: number | null; height: number | null };

/** Every image of the product: a large one, and thumbnails (buttons) that choose it. */
export function ProductGallery({ images, locale }: { images: GalleryImage[]; locale: Locale }) {
  const t = uiText(locale);
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="sf-gallery sf-gallery--empty" aria-hidden="true" />;
  return (
    <section className="sf-gallery" aria-label={t.gallery}>
      <img
        className="sf-gallery__main"
        src={current.url}
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
                <img src={m.url} alt="" width={96} height={96} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
