import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { MediaPicture } from '../components/storefront/media-picture';
import { config as proxyConfig } from '../proxy';

const base = '/media/u/5f2d2207-e60f-5860-976d-012159e7ee08/2ff84d13-74a9-45e9-a444-8cf1dfb081bc/8200797ff227367c';

describe('the storefront’s product pictures', () => {
  it('render an upload as a <picture> of its AVIF and WebP widths, a demo image as the <img> it was', () => {
    const upload = renderToStaticMarkup(createElement(MediaPicture, { src: `${base}-original.png`, mediaWidth: 1000, sizes: '50vw', alt: 'Front', width: 400, height: 400 }));
    expect(upload).toBe(
      `<picture class="media-picture"><source type="image/avif" srcSet="${base}-w320.avif 320w, ${base}-w640.avif 640w, ${base}-w960.avif 960w, ${base}-w1280.avif 1000w" sizes="50vw"/>` +
        `<source type="image/webp" srcSet="${base}-w320.webp 320w, ${base}-w640.webp 640w, ${base}-w960.webp 960w, ${base}-w1280.webp 1000w" sizes="50vw"/>` +
        `<img src="${base}-w1280.webp" alt="Front" width="400" height="400"/></picture>`,
    );
    const cartLine = renderToStaticMarkup(createElement(MediaPicture, { src: `${base}-original.png`, alt: '', width: 96, height: 96 }));
    expect(cartLine).toContain(`<source type="image/avif" srcSet="${base}-w320.avif"/>`);
    const demo = renderToStaticMarkup(createElement(MediaPicture, { src: '/media/catalog/earbuds-black.svg', alt: '', loading: 'lazy' }));
    expect(demo).toBe('<img src="/media/catalog/earbuds-black.svg" alt="" loading="lazy"/>');
  });
});

describe('proxy.ts', () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config: proxyConfig, url });
  it('never sees an upload’s body (Next would cut it at 64 KiB for it), and sees the other merchant paths', () => {
    expect(matches('/api/v1/open/merchant/products/4f1c2a9e-8b7d-4c3e-9a2f-1b2c3d4e5f60/media')).toBe(false);
    expect(matches('/api/v1/open/merchant/products/4f1c2a9e-8b7d-4c3e-9a2f-1b2c3d4e5f60/media/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d')).toBe(true);
    expect(matches('/api/v1/open/merchant/products/4f1c2a9e-8b7d-4c3e-9a2f-1b2c3d4e5f60/media-order')).toBe(true);
    expect(matches('/api/v1/open/merchant/orders')).toBe(true);
    expect(matches('/stores/lumen-audio')).toBe(true);
  });
});
