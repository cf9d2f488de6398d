import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
