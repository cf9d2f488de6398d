import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import fs from 'node:fs';
const require = createRequire(import.meta.url);
const src = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const modes = {
  def: (page) => new AxeBuilder({ page }).analyze(),
  legacy: (page) => new AxeBuilder({ page }).setLegacyMode(true).analyze(),
  legacyRT: (page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze(),
  manual: async (page) => { await page.evaluate(src); return page.evaluate(() => axe.run(document, { resultTypes: ['violations'] })); },
};
const sums = {};
for (let i = 0; i < 3; i++) for (const p of process.argv.slice(3)) for (const [m, f] of Object.entries(modes)) {
  const ctx = await browser.newContext({ baseURL: base });
  const page = await ctx.newPage(); await page.goto(p);
  const t = performance.now(); const r = await f(page); const d = performance.now() - t;
  sums[m] = (sums[m] ?? 0) + d;
  await ctx.close();
}
console.log(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, Math.round(v / 9)])));
await browser.close();
