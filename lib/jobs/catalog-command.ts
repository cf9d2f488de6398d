import 'server-only';
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { exportProducts } from '../catalog/csv-export';
import { csvText, dryRunProductImport, getProductImport, runProductImports, startProductImport } from '../catalog/csv-import';
import { readMerchant, readMerchantById } from '../catalog/data';
import { createServiceContext } from '../core/context';
import { isServiceError } from '../core/errors';
import type { Db } from '../db/client';
import { CommandError, type CommandSpec, UsageError, parseCommandLine } from '../platform/cli';
import { catalogImportPorts } from './catalog-import';

export const CATALOG_USAGE = `Usage: npm run catalog -- <verb> [arguments]
  import <file.csv> --store <id|slug> [--dry-run]
        check a Shopify product CSV (--dry-run: every row's problems with its line, nothing written),
        or import it: queued like a console upload, then written by this process (and any worker) until done
  export --store <id|slug> [--out <file.csv>]
        every product of the store as the CSV the import reads (to stdout without --out)`;

export const CATALOG_COMMAND = {
  usage: CATALOG_USAGE,
  options: { store: { type: 'string' }, 'dry-run': { type: 'boolean' }, out: { type: 'string' } },
} as const satisfies CommandSpec;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `npm run catalog`: the same services as the console's import page and the merchant API, acting as the operator. */
export async function runCatalogCommand(argv: readonly string[], db: Db, print: (line: string) => void = console.log): Promise<string> {
  const { command, args, values } = parseCommandLine(argv, CATALOG_COMMAND);
  if (!values.store) throw new UsageError(`--store is required\n\n${CATALOG_USAGE}`);
  const ctx = createServiceContext({ db, requestId: `cli_${crypto.randomUUID()}`, clientAddress: 'cli', actor: { kind: 'operator' } });
  const store = UUID.test(values.store) ? await readMerchantById(db, values.store) : await readMerchant(db, values.store);
  if (!store) throw new CommandError(`No store ${values.store}.`);
  try {
    if (command === 'export') {
      const out = await exportProducts(ctx, { merchantId: store.id });
      if (values.out) {
        await writeFile(values.out, out.csv);
        return `${out.products} products (${out.rows} rows) written to ${values.out}`;
      }
      return out.csv.replace(/\n$/, '');
    }
    if (command !== 'import' || args.length !== 1) throw new UsageError(CATALOG_USAGE);
    const csv = csvText(await readFile(args[0]!));
    if (values['dry-run']) {
      const r = await dryRunProductImport(ctx, { merchantId: store.id, csv });
      return [
        `${r.rows} rows, ${r.products} products: ${r.valid} valid (${r.create} to create, ${r.update} to update)`,
        ...(r.ignoredColumns.length ? [`ignored columns: ${r.ignoredColumns.join(', ')}`] : []),
        ...r.problems.map((p) => `line ${p.line}${p.column ? ` [${p.column}]` : ''}: ${p.code}: ${p.message}`),
      ].join('\n');
    }
    const started = await startProductImport(ctx, { merchantId: store.id, csv, filename: basename(args[0]!) });
    print(`import ${started.id}: ${started.products.total} products queued, ${started.products.skipped} skipped`);
    const t0 = Date.now();
    let view = started;
    while (view.status !== 'done') {
      const pass = await runProductImports(ctx, catalogImportPorts);
      view = await getProductImport(ctx, { merchantId: store.id, importId: started.id });
      if (pass.importId === null && view.status !== 'done') await new Promise((r) => setTimeout(r, 500));
      else print(`  ${view.products.done}/${view.products.total} products`);
    }
    const p = view.products;
    return [
      `done in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${p.created} created, ${p.updated} updated, ${p.unchanged} unchanged, ${p.failed} failed, ${p.skipped} skipped; images ${view.images.added} added, ${view.images.failed} failed`,
      ...view.problems.map((x) => `line ${x.line}${x.column ? ` [${x.column}]` : ''}: ${x.code}: ${x.message}`),
      ...view.failures.flatMap((f) => f.problems.map((x) => `${f.handle} line ${x.line}: ${x.code}: ${x.message}`)),
    ].join('\n');
  } catch (err) {
    if (isServiceError(err)) {
      const problems = (err.details as { problems?: { line: number; code: string; message: string }[] } | undefined)?.problems ?? [];
      throw new CommandError([`${err.code}: ${err.message}`, ...problems.map((p) => `line ${p.line}: ${p.code}: ${p.message}`)].join('\n'));
    }
    throw err;
  }
}
