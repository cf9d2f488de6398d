/**
 * Draws the demo catalog's product art and store logos as small SVG files under public/media.
 * Run once after changing the demo categories: `npx tsx scripts/generate-demo-media.ts`.
 * The output is committed, so the app serves images without fetching anything.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DemoCategory, demoCategories, demoMerchants } from '../lib/demo/catalog-data';
import { DEMO_MEDIA_VARIANTS } from '../lib/demo/seed';

const palettes = [
  ['#e6f4ff', '#1677ff', '#003eb3'],
  ['#fff7e6', '#fa8c16', '#ad4e00'],
  ['#f6ffed', '#52c41a', '#237804'],
  ['#f9f0ff', '#722ed1', '#391085'],
];

/** A simple pictogram per category, drawn in a 200x200 box. */
const glyphs: Record<string, string> = {
  headphones: '<path d="M50 120v-20a50 50 0 0 1 100 0v20" fill="none" stroke="currentColor" stroke-width="12"/><rect x="38" y="112" width="28" height="50" rx="10"/><rect x="134" y="112" width="28" height="50" rx="10"/>',
  speakers: '<rect x="60" y="40" width="80" height="125" rx="14"/><circle cx="100" cy="80" r="14" fill="#fff"/><circle cx="100" cy="130" r="24" fill="#fff"/>',
  'phone-cases': '<rect x="65" y="30" width="70" height="140" rx="16"/><circle cx="85" cy="52" r="9" fill="#fff"/><circle cx="85" cy="74" r="9" fill="#fff"/>',
  chargers: '<rect x="70" y="60" width="60" height="80" rx="12"/><rect x="82" y="36" width="8" height="26"/><rect x="110" y="36" width="8" height="26"/><path d="M104 80l-14 24h14l-6 20 18-28h-14z" fill="#fff"/>',
  'smart-home': '<path d="M40 105 100 50l60 55" fill="none" stroke="currentColor" stroke-width="12"/><rect x="58" y="100" width="84" height="65" rx="6"/><circle cx="100" cy="132" r="12" fill="#fff"/>',
  kitchen: '<path d="M55 80h80v50a30 30 0 0 1-30 30h-20a30 30 0 0 1-30-30z"/><path d="M135 92h14a14 14 0 0 1 0 28h-14" fill="none" stroke="currentColor" stroke-width="10"/>',
  decor: '<path d="M100 40c30 30 40 55 40 75a40 40 0 0 1-80 0c0-20 10-45 40-75z"/>',
  outerwear: '<path d="M70 40h60l30 30-20 20-10-10v90H70V80L60 90 40 70z"/>',
  accessories: '<circle cx="100" cy="100" r="50" fill="none" stroke="currentColor" stroke-width="14"/><circle cx="100" cy="100" r="14"/>',
  software: '<rect x="40" y="50" width="120" height="90" rx="10"/><path d="M80 80l-16 16 16 16M120 80l16 16-16 16" fill="none" stroke="#fff" stroke-width="8"/><rect x="80" y="148" width="40" height="10"/>',
  ebooks: '<path d="M50 50h45v105H50zM105 50h45v105h-45z"/><path d="M60 70h25M60 88h25M115 70h25M115 88h25" stroke="#fff" stroke-width="6"/>',
};

function leafCategories(nodes: DemoCategory[]): DemoCategory[] {
  return nodes.flatMap((n) => (n.children ? leafCategories(n.children) : [n]));
}

function productArt(slug: string, variant: number): string {
  const [bg, fg, deep] = palettes[variant % palettes.length]!;
  const glyph = glyphs[slug] ?? '<circle cx="100" cy="100" r="50"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="800" height="800" role="img">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<circle cx="${150 - variant * 20}" cy="${40 + variant * 15}" r="${30 + variant * 6}" fill="${fg}" opacity="0.12"/>
<g fill="${fg}" color="${deep}" transform="translate(0 4)">${glyph}</g>
</svg>
`;
}

function logo(name: string, accent: string): string {
  const initials = name.replace(/[^A-Za-z\u4e00-\u9fff ]/g, '').split(' ').map((w) => w[0]).join('').slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img">
<rect width="120" height="120" rx="28" fill="${accent}"/>
<text x="60" y="76" text-anchor="middle" font-family="system-ui, 'PingFang SC', 'Noto Sans CJK SC', sans-serif" font-size="44" font-weight="700" fill="#fff">${initials}</text>
</svg>
`;
}

const root = path.join(process.cwd(), 'public', 'media');
await mkdir(path.join(root, 'catalog'), { recursive: true });
await mkdir(path.join(root, 'stores'), { recursive: true });
let count = 0;
for (const category of leafCategories(demoCategories)) {
  for (let v = 0; v < DEMO_MEDIA_VARIANTS; v++) {
    await writeFile(path.join(root, 'catalog', `${category.slug}-${v}.svg`), productArt(category.slug, v));
    count++;
  }
}
for (const m of demoMerchants) {
  await writeFile(path.join(root, 'stores', `${m.slug}.svg`), logo(m.displayName, m.accent));
  count++;
}
console.log(`Wrote ${count} SVG files under public/media.`);
