import type { PGlite } from '@electric-sql/pglite';

/** See pglite-serve.mjs. */
export function serveOverSocket(pglite: PGlite, socketDir: string): Promise<() => Promise<void>>;
