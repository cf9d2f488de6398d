import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';
import fs from 'node:fs';
const require = createRequire(import.meta.url);
const src = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (let i = 0; i < 2; i++) for (const p of process.argv.slice(3)) {
  const ctx = await browser.newContext({ baseURL: base });
  const page = await ctx.newPage(); await page.goto(p);
  let t = performance.now();
  await page.evaluate(src); const inj = performance.now() - t; t = performance.now();
  const inner = await page.evaluate(async () => { const s = performance.now(); const r = await axe.run(document, { resultTypes: ['violations'] }); const rules = {}; return [performance.now() - s, r.violations.length]; });
  const run = performance.now() - t; t = performance.now();
  const inner2 = await page.evaluate(async () => { const s = performance.now(); const r = await axe.run(document, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } }); return performance.now() - s; });
  console.log(p, 'inject', Math.round(inj), 'run', Math.round(run), 'inner', inner.map(Math.round), 'noContrast', Math.round(inner2));
  await ctx.close();
}
await browser.close();
