// Copies browser bundles the app serves itself (no CDN at run time) into public/vendor.
// Runs after every install; the copies are git-ignored.
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('public/vendor/scalar', { recursive: true });
copyFileSync('node_modules/@scalar/api-reference/dist/browser/standalone.js', 'public/vendor/scalar/standalone.js');
