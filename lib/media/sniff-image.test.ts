import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './sniff-image';

const image = (format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .toFormat(format)
    .toBuffer();

describe('sniffImageFormat', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as const)('knows a real %s by its bytes', async (format) => {
    expect(sniffImageFormat(await image(format))).toBe(format);
  });

  it('knows nothing else, whatever it looks like', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(sniffImageFormat(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageFormat(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImageFormat(text('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull();
    expect(sniffImageFormat(text('GIF8 not quite a gif'))).toBeNull();
    expect(sniffImageFormat(text('RIFF....WAVEfmt '))).toBeNull();
    // An ISO BMFF file that is a video (mp4), not an AVIF still or sequence.
    expect(sniffImageFormat(new Uint8Array([0, 0, 0, 24, ...text('ftypisom'), 0, 0, 2, 0, ...text('isomiso2')]))).toBeNull();
    expect(sniffImageFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});
