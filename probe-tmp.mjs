import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = process.argv[2];
const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (let i = 0; i < 2; i++) for (const p of paths) {
  const t = [performance.now()];
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage(); t.push(performance.now());
  await page.goto(p); t.push(performance.now());
  await page.waitForLoadState('load'); t.push(performance.now());
  const r = await (process.env.RT ? new AxeBuilder({ page }).setLegacyMode(true) : new AxeBuilder({ page })).analyze(); t.push(performance.now());
  await page.screenshot({ path: '/tmp/shot.png', fullPage: true }); t.push(performance.now());
  await ctx.close(); t.push(performance.now());
  const d = t.slice(1).map((x, k) => Math.round(x - t[k]));
  console.log(p, 'ctx', d[0], 'goto', d[1], 'load', d[2], 'axe', d[3], 'shot', d[4], 'close', d[5]);
}
await browser.close();
