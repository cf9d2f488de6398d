'use server';

import { redirect } from 'next/navigation';
import { MAX_IMPORT_BYTES } from '@/lib/catalog/csv-format';
import { csvText, dryRunProductImport, startProductImport } from '@/lib/catalog/csv-import';
import type { CsvProblemView, ProductImportDryRun } from '@/lib/catalog/import-schemas';
import { isServiceError } from '@/lib/core/errors';
import { kickBackgroundWork } from '@/lib/jobs/kick-background-work';
import { consoleRequest } from '../../console';
import { importText } from './text';

/**
 * The import page's Server Action (Next refuses a foreign Origin: the console's CSRF protection).
 * `mode=check` answers the dry run; `mode=import` starts the import and opens its progress.
 * The store comes from a hidden field and is checked against the session like a page.
 */

export type ImportFormState = { error?: string; problems?: CsvProblemView[]; dryRun?: ProductImportDryRun } | null;

export async function importProductsAction(_previous: ImportFormState, form: FormData): Promise<ImportFormState> {
  const { ctx, store, locale } = await consoleRequest(String(form.get('store') ?? ''));
  const t = importText(locale);
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return { error: t.noFile };
  if (file.size > MAX_IMPORT_BYTES) return { error: t.tooLarge };
  let id: string;
  try {
    const csv = csvText(new Uint8Array(await file.arrayBuffer()));
    if (form.get('mode') !== 'import') return { dryRun: await dryRunProductImport(ctx, { merchantId: store.merchantId, csv }) };
    id = (await startProductImport(ctx, { merchantId: store.merchantId, csv, filename: file.name })).id;
    // The background work writes it: a pass now rather than at the next tick (single-flight per process).
    void kickBackgroundWork();
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'catalog_csv_unreadable') throw err;
    return { error: t.unreadable, problems: (err.details as { problems: CsvProblemView[] }).problems };
  }
  redirect(`/merchant/${encodeURIComponent(store.slug)}/products/import?import=${id}`);
}
