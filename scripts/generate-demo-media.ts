/**
 * Draws the demo catalog's product pictures and store logos as small SVG files under public/media.
 * Each kind of product is drawn as what it is (earbuds as earbuds, a scarf as a scarf), once per
 * colour it is sold in, or as a front view and a close-up when it has no colours.
 * Run after changing the demo products: `npx tsx scripts/generate-demo-media.ts`.
 * The output is committed, so the app serves images without fetching anything.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DemoArt, demoArtKinds, demoMerchants } from '../lib/demo/catalog-data';
import { demoArtViews, demoColorHex } from '../lib/demo/media';

type Paint = { c: string; d: string; line: string };

/** Each product drawn in a 200x200 box: `c` is the product's colour, `d` a contrasting detail. */
const art: Record<DemoArt, (p: Paint) => string> = {
  earbuds: ({ c, d, line }) => `
    <rect x="52" y="118" width="96" height="58" rx="29" fill="${c}" stroke="${line}" stroke-width="2"/>
    <path d="M52 140h96" stroke="${d}" stroke-width="2" opacity=".5"/>
    <circle cx="100" cy="158" r="3" fill="#52c41a"/>
    <g fill="${c}" stroke="${line}" stroke-width="2">
      <ellipse cx="72" cy="62" rx="19" ry="21"/><rect x="62" y="70" width="14" height="44" rx="7"/>
      <ellipse cx="128" cy="62" rx="19" ry="21"/><rect x="124" y="70" width="14" height="44" rx="7"/>
    </g>
    <ellipse cx="66" cy="58" rx="7" ry="8" fill="${d}" opacity=".55"/><ellipse cx="134" cy="58" rx="7" ry="8" fill="${d}" opacity=".55"/>`,
  headphones: ({ c, d, line }) => `
    <path d="M48 112V96a52 52 0 0 1 104 0v16" fill="none" stroke="${c}" stroke-width="13" stroke-linecap="round"/>
    <path d="M48 112V96a52 52 0 0 1 104 0v16" fill="none" stroke="${line}" stroke-width="1.5" opacity=".5"/>
    <g stroke="${line}" stroke-width="2">
      <rect x="30" y="100" width="40" height="70" rx="18" fill="${c}"/><rect x="130" y="100" width="40" height="70" rx="18" fill="${c}"/>
      <rect x="60" y="108" width="14" height="54" rx="7" fill="${d}"/><rect x="126" y="108" width="14" height="54" rx="7" fill="${d}"/>
    </g>`,
  'portable-speaker': ({ c, d, line }) => `
    <path d="M52 78q-10-30 20-30h56q30 0 20 30" fill="none" stroke="${d}" stroke-width="6"/>
    <rect x="28" y="74" width="144" height="76" rx="38" fill="${c}" stroke="${line}" stroke-width="2"/>
    <g fill="${d}" opacity=".55">${grid(52, 92, 12, 4, 12)}</g>
    <circle cx="152" cy="112" r="9" fill="${d}" opacity=".8"/>`,
  'phone-case': ({ c, d, line }) => `
    <rect x="58" y="24" width="84" height="156" rx="20" fill="${c}" stroke="${line}" stroke-width="2"/>
    <rect x="68" y="36" width="40" height="40" rx="10" fill="${d}" opacity=".85"/>
    <circle cx="80" cy="48" r="7" fill="#1f2328"/><circle cx="96" cy="64" r="7" fill="#1f2328"/><circle cx="96" cy="48" r="3" fill="#fadb14"/>
    <circle cx="100" cy="118" r="24" fill="none" stroke="${d}" stroke-width="3" opacity=".6"/>`,
  'clear-case': ({ c, line }) => `
    <rect x="64" y="30" width="72" height="144" rx="16" fill="${c}"/>
    <rect x="72" y="40" width="30" height="30" rx="8" fill="#1f2328" opacity=".8"/>
    <rect x="56" y="22" width="88" height="160" rx="22" fill="#bae0ff" fill-opacity=".35" stroke="${line}" stroke-width="3"/>
    <g fill="#91caff" opacity=".8"><circle cx="60" cy="26" r="6"/><circle cx="140" cy="26" r="6"/><circle cx="60" cy="178" r="6"/><circle cx="140" cy="178" r="6"/></g>
    <path d="M118 40l10 24" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".8"/>`,
  charger: ({ c, d, line }) => `
    <rect x="86" y="26" width="8" height="28" rx="2" fill="#8c8c8c"/><rect x="106" y="26" width="8" height="28" rx="2" fill="#8c8c8c"/>
    <rect x="56" y="50" width="88" height="120" rx="18" fill="${c}" stroke="${line}" stroke-width="2"/>
    <g fill="${d}"><rect x="74" y="126" width="52" height="8" rx="4"/><rect x="74" y="142" width="52" height="8" rx="4"/><rect x="82" y="110" width="36" height="8" rx="4"/></g>
    <text x="100" y="92" text-anchor="middle" font-family="system-ui, sans-serif" font-size="20" font-weight="700" fill="${d}">65W</text>`,
  'charging-pad': ({ c, d, line }) => `
    <path d="M150 140q30 10 36 40" fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"/>
    <ellipse cx="100" cy="128" rx="74" ry="30" fill="${c}" stroke="${line}" stroke-width="2"/>
    <ellipse cx="100" cy="120" rx="74" ry="30" fill="${c}" stroke="${line}" stroke-width="2"/>
    <ellipse cx="100" cy="120" rx="30" ry="11" fill="none" stroke="${d}" stroke-width="3" opacity=".6"/>
    <path d="M96 104l-6 12h8l-4 10 12-15h-8l4-7z" fill="#fadb14"/>`,
  'smart-plug': ({ c, d, line }) => `
    <rect x="46" y="56" width="108" height="108" rx="28" fill="${c}" stroke="${line}" stroke-width="2"/>
    <circle cx="100" cy="110" r="34" fill="none" stroke="${d}" stroke-width="3" opacity=".5"/>
    <circle cx="86" cy="110" r="6" fill="${d}"/><circle cx="114" cy="110" r="6" fill="${d}"/>
    <circle cx="140" cy="72" r="4" fill="#52c41a"/>
    <g fill="none" stroke="${d}" stroke-width="5" stroke-linecap="round"><path d="M82 36a26 26 0 0 1 36 0"/><path d="M90 44a14 14 0 0 1 20 0"/></g>`,
  doorbell: ({ c, d, line }) => `
    <rect x="68" y="24" width="64" height="156" rx="32" fill="${c}" stroke="${line}" stroke-width="2"/>
    <circle cx="100" cy="62" r="20" fill="#1f2328"/><circle cx="100" cy="62" r="9" fill="#2f54eb"/><circle cx="96" cy="58" r="3" fill="#fff"/>
    <circle cx="100" cy="130" r="22" fill="${d}" opacity=".9"/><circle cx="100" cy="130" r="22" fill="none" stroke="#69b1ff" stroke-width="3"/>`,
  'photo-software': ({ c, d, line }) => `
    <rect x="24" y="40" width="152" height="116" rx="12" fill="${c}" stroke="${line}" stroke-width="2"/>
    <rect x="24" y="40" width="152" height="18" rx="9" fill="${d}" opacity=".25"/>
    <rect x="34" y="66" width="92" height="80" rx="4" fill="#bae0ff"/>
    <path d="M34 146l30-40 22 26 14-14 26 28z" fill="#389e0d"/><circle cx="108" cy="84" r="9" fill="#fadb14"/>
    <g stroke="${d}" stroke-width="4" stroke-linecap="round" opacity=".7"><path d="M136 76h30M136 98h30M136 120h30"/></g>
    <g fill="${d}"><circle cx="146" cy="76" r="5"/><circle cx="158" cy="98" r="5"/><circle cx="142" cy="120" r="5"/></g>`,
  'bookshelf-speakers': ({ c, d, line }) =>
    [28, 108]
      .map(
        (x) => `
    <rect x="${x}" y="46" width="64" height="112" rx="8" fill="${c}" stroke="${line}" stroke-width="2"/>
    <circle cx="${x + 32}" cy="74" r="11" fill="${d}"/><circle cx="${x + 32}" cy="74" r="4" fill="#8c8c8c"/>
    <circle cx="${x + 32}" cy="122" r="22" fill="${d}"/><circle cx="${x + 32}" cy="122" r="8" fill="#8c8c8c"/>`,
      )
      .join(''),
  'smart-speaker': ({ c, d, line }) => `
    <rect x="56" y="44" width="88" height="136" rx="30" fill="${c}" stroke="${line}" stroke-width="2"/>
    <g stroke="${d}" stroke-width="2" opacity=".35">${[70, 84, 98, 112, 126, 140, 154, 168].map((y) => `<path d="M58 ${y}h84"/>`).join('')}</g>
    <ellipse cx="100" cy="50" rx="34" ry="7" fill="${d}" opacity=".5"/>
    <ellipse cx="100" cy="50" rx="34" ry="7" fill="none" stroke="#36cfc9" stroke-width="3"/>`,
  ebook: ({ c, d, line }) => `
    <rect x="48" y="20" width="104" height="160" rx="8" fill="${c}" stroke="${line}" stroke-width="2"/>
    <rect x="48" y="20" width="14" height="160" rx="4" fill="${d}" opacity=".3"/>
    <rect x="90" y="54" width="28" height="46" rx="14" fill="${d}"/>
    <path d="M80 86a24 24 0 0 0 48 0M104 110v18M90 128h28" fill="none" stroke="${d}" stroke-width="5" stroke-linecap="round"/>
    <g fill="${d}" opacity=".7"><rect x="74" y="146" width="60" height="6" rx="3"/><rect x="82" y="158" width="44" height="5" rx="2.5"/></g>`,
  'plugin-software': ({ c, d, line }) => `
    <rect x="22" y="44" width="156" height="112" rx="12" fill="${c}" stroke="${line}" stroke-width="2"/>
    <g stroke="${d}" stroke-width="1" opacity=".25">${[66, 86, 106].map((y) => `<path d="M34 ${y}h132"/>`).join('')}</g>
    <path d="M34 96c20 0 24-26 42-26s22 40 44 40 22-24 46-24" fill="none" stroke="#36cfc9" stroke-width="4"/>
    <g fill="${d}">${[52, 84, 116, 148].map((x) => `<circle cx="${x}" cy="138" r="8"/>`).join('')}</g>`,
  'travel-case': ({ c, d, line }) => `
    <ellipse cx="100" cy="104" rx="78" ry="62" fill="${c}" stroke="${line}" stroke-width="2"/>
    <path d="M24 104h152" stroke="${d}" stroke-width="4" stroke-dasharray="6 4"/>
    <rect x="146" y="96" width="20" height="16" rx="4" fill="${d}"/>
    <path d="M60 64q40-22 80 0" fill="none" stroke="${d}" stroke-width="3" opacity=".4"/>`,
  'charging-dock': ({ c, d, line }) => `
    <path d="M28 150l18-34h108l18 34z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <rect x="28" y="150" width="144" height="14" rx="4" fill="${c}" stroke="${line}" stroke-width="2"/>
    <g fill="${d}" opacity=".6"><ellipse cx="80" cy="126" rx="16" ry="6"/><ellipse cx="120" cy="126" rx="16" ry="6"/></g>
    <g fill="#f0f0f0" stroke="#8c8c8c" stroke-width="2">
      <ellipse cx="80" cy="78" rx="15" ry="17"/><rect x="74" y="84" width="12" height="38" rx="6"/>
      <ellipse cx="120" cy="78" rx="15" ry="17"/><rect x="114" y="84" width="12" height="38" rx="6"/>
    </g><circle cx="100" cy="157" r="3" fill="#52c41a"/>`,
  mug: ({ c, d, line }) => `
    <path d="M138 92h12a20 20 0 0 1 0 40h-12" fill="none" stroke="${c}" stroke-width="11"/>
    <path d="M52 72h90v78a24 24 0 0 1-24 24H76a24 24 0 0 1-24-24z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <ellipse cx="97" cy="72" rx="45" ry="8" fill="${d}" opacity=".6"/>
    <path d="M52 98q45 12 90 0" fill="none" stroke="${d}" stroke-width="3" opacity=".4"/>
    <g fill="none" stroke="#bfbfbf" stroke-width="4" stroke-linecap="round"><path d="M84 56q-8-12 0-24"/><path d="M104 56q-8-12 0-24"/></g>`,
  'cutting-board': ({ c, d, line }) => `
    <path d="M40 60h104a16 16 0 0 1 16 16v10h14a10 10 0 0 1 0 28h-14v10a16 16 0 0 1-16 16H40a16 16 0 0 1-16-16V76a16 16 0 0 1 16-16z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <circle cx="170" cy="100" r="5" fill="#fff"/>
    <g fill="none" stroke="${d}" stroke-width="2.5" opacity=".45"><path d="M36 82q50-14 110 4"/><path d="M34 104q56 10 116-6"/><path d="M38 124q50-10 104 4"/><ellipse cx="92" cy="104" rx="12" ry="5"/></g>`,
  cushion: ({ c, d, line }) => `
    <path d="M36 40q64 14 128 0q-14 60 0 120q-64-14-128 0q14-60 0-120z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <path d="M50 54q50 10 100 0q-10 46 0 92q-50-10-100 0q10-46 0-92z" fill="none" stroke="${d}" stroke-width="2" stroke-dasharray="5 4" opacity=".6"/>`,
  candle: ({ c, d, line }) => `
    <path d="M100 36q12 16 0 30q-12-14 0-30z" fill="#fa8c16"/><path d="M100 48q5 8 0 16q-5-8 0-16z" fill="#fadb14"/>
    <path d="M100 66v14" stroke="#262626" stroke-width="3"/>
    <rect x="56" y="76" width="88" height="100" rx="12" fill="#e6f4ff" fill-opacity=".5" stroke="${line}" stroke-width="2"/>
    <rect x="60" y="84" width="80" height="88" rx="9" fill="${c}"/>
    <rect x="70" y="116" width="60" height="30" rx="4" fill="${d}" opacity=".85"/>`,
  coat: ({ c, d, line }) => `
    <path d="M76 26h48l38 24 14 110-24 4-6-84-4 104H58L54 80l-6 84-24-4 14-110z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <path d="M76 26l24 60 24-60" fill="none" stroke="${d}" stroke-width="3"/>
    <path d="M76 26l-6 34 18 6M124 26l6 34-18 6" fill="none" stroke="${d}" stroke-width="2.5" opacity=".7"/>
    <g fill="${d}"><circle cx="92" cy="106" r="4"/><circle cx="92" cy="134" r="4"/><circle cx="108" cy="106" r="4"/><circle cx="108" cy="134" r="4"/></g>`,
  scarf: ({ c, d, line }) => `
    <path d="M56 44q44-26 88 0q8 22-10 38q-34 16-68 0q-18-16-10-38z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <path d="M70 58q30 12 60 0" fill="none" stroke="${d}" stroke-width="3" opacity=".5"/>
    <path d="M84 78l-20 92h34l10-88z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <path d="M110 80l8 84h30l-18-90z" fill="${c}" stroke="${line}" stroke-width="2"/>
    <g stroke="${d}" stroke-width="2" opacity=".5"><path d="M70 140h26M68 150h26M122 136h22M122 146h24"/></g>
    <g stroke="${c}" stroke-width="3">${[68, 74, 80, 86, 92].map((x) => `<path d="M${x} 170v10"/>`).join('')}${[122, 128, 134, 140, 146].map((x) => `<path d="M${x} 164v10"/>`).join('')}</g>`,
};

function grid(x0: number, y0: number, step: number, rows: number, cols: number): string {
  const dots: string[] = [];
  for (let r = 0; r < rows; r++) for (let k = 0; k < cols; k++) if (k < 8) dots.push(`<circle cx="${x0 + k * step}" cy="${y0 + r * step}" r="3"/>`);
  return dots.join('');
}

const backdrops = ['#eef2f7', '#f6f1ea', '#eef6f0', '#f3eef8'];

function picture(kind: DemoArt, color: string, closeUp: boolean, index: number): string {
  const light = color.toLowerCase() === demoColorHex.White.toLowerCase();
  const paint: Paint = { c: color, d: light ? '#595959' : '#ffffff', line: light ? '#8c8c8c' : 'rgba(0,0,0,.25)' };
  const bg = backdrops[index % backdrops.length]!;
  // A close-up: the same drawing, larger and off-centre, like a detail shot.
  const frame = closeUp ? 'transform="translate(-60 -40) scale(1.6)"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="800" height="800">
<rect width="200" height="200" fill="${bg}"/>
<ellipse cx="100" cy="186" rx="70" ry="7" fill="#000" opacity=".06"/>
<g ${frame}>${art[kind](paint)}</g>
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
const catalogDir = path.join(root, 'catalog');
// Pictures of kinds no longer drawn would linger and mislead: start from an empty folder.
await rm(catalogDir, { recursive: true, force: true });
await mkdir(catalogDir, { recursive: true });
await mkdir(path.join(root, 'stores'), { recursive: true });
for (const kind of demoArtKinds) {
  for (const [i, view] of demoArtViews(kind).entries()) {
    await writeFile(path.join(catalogDir, `${view.file}.svg`), picture(kind, view.color, view.closeUp, i));
  }
}
for (const m of demoMerchants) await writeFile(path.join(root, 'stores', `${m.slug}.svg`), logo(m.displayName, m.accent));
console.log(`Wrote ${(await readdir(catalogDir)).length} product pictures and ${demoMerchants.length} logos under public/media.`);
