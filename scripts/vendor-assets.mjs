// Copies browser assets the app serves itself (no CDN at run time) into public/vendor.
// Runs after every install; the copies are git-ignored.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

mkdirSync('public/vendor/scalar', { recursive: true });
copyFileSync('node_modules/@scalar/api-reference/dist/browser/standalone.js', 'public/vendor/scalar/standalone.js');

// The API reference's fonts (Scalar would fetch them from fonts.scalar.com): Inter and
// JetBrains Mono, variable weights, under the family names Scalar's styles ask for.
mkdirSync('public/vendor/fonts', { recursive: true });
const fonts = [
  { pkg: '@fontsource-variable/inter', from: 'Inter Variable', to: 'Inter' },
  { pkg: '@fontsource-variable/jetbrains-mono', from: 'JetBrains Mono Variable', to: 'JetBrains Mono' },
];
let css = '';
for (const { pkg, from, to } of fonts) {
  const source = readFileSync(`node_modules/${pkg}/wght.css`, 'utf8');
  for (const [, file] of source.matchAll(/url\(\.\/files\/([^)]+)\)/g)) copyFileSync(`node_modules/${pkg}/files/${file}`, `public/vendor/fonts/${file}`);
  css += source.replaceAll(`'${from}'`, `'${to}'`).replaceAll('url(./files/', 'url(/vendor/fonts/');
}
writeFileSync('public/vendor/fonts/fonts.css', css);
