import type { NextConfig } from 'next';
// Imports name their file with its extension: `next start --experimental-next-config-strip-types`
// (npm start) has Node load this file as it is, without Next's SWC compiler (40-60 MB of the
// server's memory). tests/next-config.test.ts holds it to that.
import { PREVIEW_FRAME_SOURCE, staticSecurityHeaders } from './lib/http/security-headers.ts';
import { config, exitOnInvalidConfig } from './lib/platform/config.ts';

// Next loads this file first, in `next dev`, `next build` and `next start`: an invalid
// configuration stops them here, naming each variable and what it accepts (instrumentation.ts
// checks again where a server starts without loading this file, as a standalone build does).
exitOnInvalidConfig();

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  // pg and Prisma's pg adapter load from node_modules too: lib/db/client.ts hands the adapter a
  // pg.Pool it must recognise as one (instanceof), which needs both to share one pg module.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', 'pg', '@prisma/adapter-pg'],
  poweredByHeader: false,
  // The embedded database migrates itself from these files at run time.
  outputFileTracingIncludes: { '/**': ['./prisma/migrations/**/*.sql'] },
  // Lets several dev servers (or a dev server and a build) share one checkout.
  distDir: config().NEXT_DIST_DIR,
  typedRoutes: false,
  // CI type-checks the whole project (`npm run typecheck`) just before it builds: once is enough.
  typescript: { ignoreBuildErrors: config().BUILD_SKIP_TYPECHECK },
  // proxy.ts answers empty segments and trailing slashes: in the envelope under /api/v1, with
  // the usual redirect on pages.
  skipTrailingSlashRedirect: true,
  experimental: {
    // Next buffers a request body for proxy.ts (default up to 10 MB): no API body may exceed
    // 64 KiB (lib/http/parse.ts), so buffer no more than that (and a byte to tell it is over).
    proxyClientMaxBodySize: 64 * 1024 + 1,
    // The console's product CSV import posts the file to a Server Action (16 MiB, the import's limit, and the form's other fields).
    serverActions: { bodySizeLimit: '17mb' },
  },
  async headers() {
    return [
      { source: '/:path*', headers: [...staticSecurityHeaders] },
      // A store's home with a preview link may be framed by the console's studio (same origin only);
      // of two rules setting a header, the later one wins.
      { source: PREVIEW_FRAME_SOURCE, has: [{ type: 'query', key: 'preview' }], headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }] },
    ];
  },
};

export default nextConfig;
