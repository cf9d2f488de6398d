import { describe, expect, it } from 'vitest';
import { isMediaKey, mediaKeyContentType, responsiveSources, widthSteps } from './media-variants';

const M = '5f2d2207-e60f-5860-976d-012159e7ee08';
const I = '2ff84d13-74a9-45e9-a444-8cf1dfb081bc';
const base = `/media/u/${M}/${I}/8200797ff227367c`;

describe('widthSteps', () => {
  it('makes every step below the original and one holding its own width, never enlarging', () => {
    expect(widthSteps(1000)).toEqual([
      { step: 320, width: 320 },
      { step: 640, width: 640 },
      { step: 960, width: 960 },
      { step: 1280, width: 1000 },
    ]);
    expect(widthSteps(640).map((s) => s.width)).toEqual([320, 640]);
    expect(widthSteps(100)).toEqual([{ step: 320, width: 100 }]);
    expect(widthSteps(4000).map((s) => s.width)).toEqual([320, 640, 960, 1280, 1920]);
  });
});

describe('responsiveSources', () => {
  it('lists an upload’s AVIF and WebP widths from its URL and width, root-relative or absolute', () => {
    expect(responsiveSources(`${base}-original.jpg`, 700)).toEqual({
      srcSets: [
        { format: 'avif', type: 'image/avif', srcSet: `${base}-w320.avif 320w, ${base}-w640.avif 640w, ${base}-w960.avif 700w` },
        { format: 'webp', type: 'image/webp', srcSet: `${base}-w320.webp 320w, ${base}-w640.webp 640w, ${base}-w960.webp 700w` },
      ],
      fallback: `${base}-w960.webp`,
    });
    expect(responsiveSources(`https://shop.example${base}-original.png`, null)?.fallback).toBe(`https://shop.example${base}-w320.webp`);
  });

  it('leaves every other image alone', () => {
    expect(responsiveSources('/media/catalog/earbuds-black.svg', 800)).toBeNull();
    expect(responsiveSources(`${base}-w320.webp`, 800)).toBeNull();
    expect(responsiveSources(`https://cdn.example/${M}/${I}/8200797ff227367c-original.jpg`, 800)).toBeNull();
  });
});

describe('media keys', () => {
  it('names only files of ours, with the type their name gives', () => {
    expect(mediaKeyContentType(`${M}/${I}/8200797ff227367c-w640.avif`)).toBe('image/avif');
    expect(mediaKeyContentType(`${M}/${I}/8200797ff227367c-original.jpg`)).toBe('image/jpeg');
    expect(isMediaKey(`${M}/${I}/8200797ff227367c-original.svg`)).toBe(false);
    expect(isMediaKey(`${M}/../../etc/passwd`)).toBe(false);
    expect(isMediaKey(`${M}/${I}/8200797ff227367c-w640.avif/..`)).toBe(false);
  });
});
