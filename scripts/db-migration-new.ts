/**
 * Authors a migration from the difference between the committed migrations and the Prisma
 * schema: `npm run db:migration:new -- <name>`. It runs the Prisma schema engine (WASM)
 * against an in-memory PGlite shadow database, so it needs no server and no native binary.
 * With `--check` it writes nothing and exits 1 when the schema has changes no migration holds.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import { createRequire } from 'node:module';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { openPglite } from '../lib/db/client';
import { MIGRATIONS_DIR, readMigrations, readSchemaFiles } from '../lib/db/migrations';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const args = process.argv.slice(2);
const check = args.includes('--check');
const name = args.find((a) => !a.startsWith('--'));
if (!check && (!name || !/^[a-z0-9_]+$/.test(name))) {
  console.error('usage: npm run db:migration:new -- <snake_case_name>   (or --check)');
  process.exit(2);
}

const files = await readSchemaFiles();
const migrations = await readMigrations();
const lockPath = path.join(MIGRATIONS_DIR, 'migration_lock.toml');

// The package imports its .wasm as an ES module, which Node cannot load yet: instantiate it here.
const wasmPath = path.join(path.dirname(createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
const wasmModule = new WebAssembly.Module(await readFile(wasmPath));
const instance = new WebAssembly.Instance(wasmModule, { './schema_engine_bg.js': engineBindings as never });
engineBindings.__wbg_set_wasm(instance.exports);
(instance.exports.__wbindgen_start as () => void)();
const { SchemaEngine } = engineBindings;

// The adapter's own shadow database is a bare PGlite: migrations that create an extension the
// app loads (pg_trgm) would fail there, and the engine drops such a failure silently.
class ShadowWithExtensions extends PrismaPGlite {
  override async connectToShadowDb() {
    return new PrismaPGlite(await openPglite()).connect();
  }
}

const engine = await SchemaEngine.new(
  { datamodels: files.map((f) => [f.path, f.content]) },
  () => undefined,
  bindMigrationAwareSqlAdapterFactory(new ShadowWithExtensions(new PGlite())),
);
const result = await engine.diff({
  from: {
    tag: 'migrations',
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockPath, 'utf8').catch(() => null) },
    shadowDbInitScript: '',
    migrationDirectories: migrations.map((m) => ({
      path: m.name,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.sql } },
    })),
  },
  to: { tag: 'schemaDatamodel', files },
  script: true,
  exitCode: null,
  filters: { externalTables: [], externalEnums: [] },
});
const sql = (result.stdout ?? '').trim();
const empty = sql === '' || sql === '-- This is an empty migration.';

if (check) {
  if (!empty) {
    console.error('The Prisma schema has changes that no migration holds:\n' + sql);
    process.exit(1);
  }
  console.log('Schema and migrations agree.');
  process.exit(0);
}
if (empty) {
  console.log('No schema changes: nothing to write.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'migration.sql'), sql + '\n');
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
process.exit(0);
