import type { DemoArt, L, ProductTemplate } from './catalog-data';
import { stableUuid } from './ids';

/** How the demo colour option values are painted. */
export const demoColorHex = { Black: '#2b2f36', White: '#f5f5f2', Blue: '#2f5fd0' } as const;
type DemoColor = keyof typeof demoColorHex;
const colorNames: Record<DemoColor, L> = {
  Black: { 'zh-CN': '黑色', 'en-US': 'black' },
  White: { 'zh-CN': '白色', 'en-US': 'white' },
  Blue: { 'zh-CN': '蓝色', 'en-US': 'blue' },
};

/** The colour a product comes in when it has no colour option. */
const naturalColor: Record<DemoArt, string> = {
  earbuds: '#f5f5f2',
  headphones: '#2b2f36',
  'portable-speaker': '#13a8a8',
  'phone-case': '#531dab',
  'clear-case': '#434343',
  charger: '#f5f5f2',
  'charging-pad': '#2b2f36',
  'smart-plug': '#f5f5f2',
  doorbell: '#2b2f36',
  'photo-software': '#1d39c4',
  'bookshelf-speakers': '#8b5a2b',
  'smart-speaker': '#595959',
  ebook: '#d4380d',
  'plugin-software': '#1f2937',
  'travel-case': '#2b2f36',
  'charging-dock': '#d9d9d9',
  mug: '#d6c7a1',
  'cutting-board': '#b07d48',
  cushion: '#c9b79c',
  candle: '#fff1b8',
  coat: '#5c4033',
  scarf: '#a8071a',
};

export type ArtView = { file: string; color: string; closeUp: boolean };

/** Every picture drawn of a kind: each colour and its natural colour, each as a view and a close-up. */
export function demoArtViews(kind: DemoArt): ArtView[] {
  return [
    ...(Object.keys(demoColorHex) as DemoColor[]).flatMap((c) => [
      { file: `${kind}-${c.toLowerCase()}`, color: demoColorHex[c], closeUp: false },
      { file: `${kind}-detail-${c.toLowerCase()}`, color: demoColorHex[c], closeUp: true },
    ]),
    { file: `${kind}-main`, color: naturalColor[kind], closeUp: false },
    { file: `${kind}-detail`, color: naturalColor[kind], closeUp: true },
  ];
}

function isDemoColor(value: string): value is DemoColor {
  return value in demoColorHex;
}

/**
 * A demo product's gallery: a picture per colour it is sold in (in option order, so the first
 * is the first SKU's), then a close-up; or, without colours, a front view and a close-up.
 */
export function demoProductMedia(template: ProductTemplate, title: L, productId: string) {
  const colors = (template.options?.find((o) => o.key === 'color')?.values ?? []).filter(isDemoColor);
  const closeUpFile = colors[0] ? `${template.art}-detail-${colors[0].toLowerCase()}` : `${template.art}-detail`;
  const views: { file: string; alt: L }[] = [
    ...(colors.length
      ? colors.map((c) => ({
          file: `${template.art}-${c.toLowerCase()}`,
          alt: { 'zh-CN': `${title['zh-CN']}（${colorNames[c]['zh-CN']}）`, 'en-US': `${title['en-US']} in ${colorNames[c]['en-US']}` },
        }))
      : [{ file: `${template.art}-main`, alt: title }]),
    { file: closeUpFile, alt: { 'zh-CN': `${title['zh-CN']} 细节`, 'en-US': `${title['en-US']}, close-up` } },
  ];
  return views.map((v, k) => ({
    id: stableUuid(`media:${productId}:${k}`),
    kind: 'image',
    url: `/media/catalog/${v.file}.svg`,
    thumbnailUrl: null,
    alt: v.alt,
    width: 800,
    height: 800,
    durationSeconds: null,
  }));
}
