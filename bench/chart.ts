/**
 * The SVG bar chart of a bench run: per operation, its throughput as a ratio to the framework
 * floor of the same run, one bar per database, with the goal marked. Plain SVG, no library.
 */
export type ChartRow = { name: string; goal?: number; ratios: Record<string, number> };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function ratioChart(rows: ChartRow[], series: string[], title: string, subtitle: string): string {
  const colors = ['#2563eb', '#f59e0b', '#10b981'];
  const labelW = 250;
  const barH = 12;
  const groupH = series.length * barH + 10;
  const top = 70;
  const plotW = 520;
  const max = Math.max(1.2, ...rows.flatMap((r) => Object.values(r.ratios)));
  const x = (v: number) => labelW + (v / max) * plotW;
  const height = top + rows.length * groupH + 40;
  const width = labelW + plotW + 80;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="600">${esc(title)}</text>`,
    `<text x="10" y="40" fill="#555">${esc(subtitle)}</text>`,
  ];
  series.forEach((s, i) => {
    out.push(`<rect x="${labelW + i * 140}" y="50" width="10" height="10" fill="${colors[i % colors.length]}"/>`);
    out.push(`<text x="${labelW + i * 140 + 14}" y="59">${esc(s)}</text>`);
  });
  for (const v of [0, 0.5, 1]) {
    out.push(`<line x1="${x(v)}" y1="${top - 4}" x2="${x(v)}" y2="${height - 30}" stroke="${v === 1 ? '#111' : '#ddd'}"/>`);
    out.push(`<text x="${x(v)}" y="${height - 16}" text-anchor="middle" fill="#555">${v === 1 ? '1.0 = floor' : v.toFixed(1)}</text>`);
  }
  rows.forEach((r, gi) => {
    const y0 = top + gi * groupH;
    out.push(`<text x="${labelW - 8}" y="${y0 + (series.length * barH) / 2 + 4}" text-anchor="end">${esc(r.name)}</text>`);
    series.forEach((s, i) => {
      const v = r.ratios[s];
      if (v === undefined) return;
      const y = y0 + i * barH;
      out.push(`<rect x="${labelW}" y="${y}" width="${Math.max(1, x(v) - labelW)}" height="${barH - 2}" fill="${colors[i % colors.length]}"/>`);
      out.push(`<text x="${x(v) + 4}" y="${y + barH - 3}" font-size="10">${v.toFixed(2)}</text>`);
    });
    if (r.goal !== undefined) {
      out.push(`<line x1="${x(r.goal)}" y1="${y0 - 2}" x2="${x(r.goal)}" y2="${y0 + series.length * barH}" stroke="#dc2626" stroke-width="2" stroke-dasharray="3 2"/>`);
    }
  });
  out.push(`<text x="${width - 10}" y="${height - 4}" text-anchor="end" font-size="10" fill="#555">red dashes: goal</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}
