import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter'],
  poweredByHeader: false,
  // The embedded database migrates itself from these files at run time.
  outputFileTracingIncludes: { '/**': ['./prisma/migrations/**/*.sql'] },
  // Lets several dev servers (or a dev server and a build) share one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  typedRoutes: false,
};

export default nextConfig;
