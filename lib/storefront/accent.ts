/**
 * A store's brand colour as the storefront's accent, and a pale tint of it. White text sits on
 * the accent (buttons, the notice bar) and the accent sits on the tint (selected filters), so a
 * colour too light for both is darkened until each pair reaches WCAG AA contrast (4.5:1).
 */
function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: number[]): number {
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

function hex(rgb: number[]): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** A stored brand colour, when it is a plain hex colour: only such a value reaches a style attribute. */
export function plainHexColor(value: string | null): string | null {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value : null;
}

export function readableAccent(color: string): { accent: string; soft: string } {
  let rgb = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const soft = rgb.map((v) => 255 - (255 - v) * 0.1);
  // The tint is darker than white, so contrast with the tint is the binding one.
  const lightest = luminance(soft.map(Math.round));
  while ((lightest + 0.05) / (luminance(rgb.map(Math.round)) + 0.05) < 4.5) rgb = rgb.map((v) => v * 0.92);
  return { accent: hex(rgb), soft: hex(soft) };
}
