import { z } from 'zod';
import { UploadedFileField } from '../schemas/uploaded-file';

/*
 * The product CSV import and export as the merchant API and the console show them
 * (lib/catalog/csv-format.ts reads and writes the file itself).
 */

export const ImportIdParams = z.strictObject({ importId: z.string().min(1).max(64).meta({ description: 'The import’s id (startMerchantProductImport).' }) });

export const ProductCsvUploadRequest = z
  .strictObject({ file: UploadedFileField.meta({ description: 'The CSV file (UTF-8), Shopify’s product format.' }) })
  .meta({ id: 'ProductCsvUploadRequest' });

export const CsvProblem = z
  .strictObject({
    line: z.int().min(1).meta({ description: 'The line of the file (line 1 is the header).' }),
    column: z.string().nullable().meta({ description: 'The column, when the problem is one cell’s.' }),
    code: z.string().meta({ description: 'What is wrong, e.g. `invalid_price`, `required`, `duplicate_sku`, `sku_code_taken`, `image_refused`.' }),
    message: z.string(),
  })
  .meta({ id: 'ProductCsvProblem' });
export type CsvProblemView = z.infer<typeof CsvProblem>;

export const ProductImportDryRun = z
  .strictObject({
    rows: z.int().min(0).meta({ description: 'Rows below the header.' }),
    products: z.int().min(0).meta({ description: 'Products (handles) in the file.' }),
    valid: z.int().min(0).meta({ description: 'Products an import would write.' }),
    create: z.int().min(0).meta({ description: 'Of those, new handles.' }),
    update: z.int().min(0).meta({ description: 'Of those, handles the store already has (changed to match the file).' }),
    problems: z.array(CsvProblem).meta({ description: 'Every problem of every row, in line order; a product with any is left out of an import.' }),
    ignoredColumns: z.array(z.string()).meta({ description: 'Columns of the header this format does not read (left alone).' }),
  })
  .meta({ id: 'ProductImportDryRun' });
export type ProductImportDryRun = z.infer<typeof ProductImportDryRun>;

export const ProductImport = z
  .strictObject({
    id: z.uuid(),
    status: z.enum(['queued', 'running', 'done']).meta({ description: '`queued` until a worker takes it, `running` while products are written, `done` when every product is.' }),
    filename: z.string(),
    rows: z.int().min(0),
    products: z
      .strictObject({
        total: z.int().min(0).meta({ description: 'Products to write (the file’s, less those skipped).' }),
        done: z.int().min(0),
        created: z.int().min(0),
        updated: z.int().min(0),
        unchanged: z.int().min(0),
        failed: z.int().min(0).meta({ description: 'Refused when written (e.g. a SKU code another product took meanwhile); see `failures`.' }),
        skipped: z.int().min(0).meta({ description: 'Left out when the import started, for the problems in `problems`.' }),
      })
      .meta({ description: 'Counts so far; `done` of `total` is the progress.' }),
    images: z.strictObject({ added: z.int().min(0), failed: z.int().min(0) }),
    problems: z.array(CsvProblem).meta({ description: 'The file’s problems found when it started (the dry run’s).' }),
    failures: z
      .array(z.strictObject({ handle: z.string(), productId: z.uuid().nullable(), problems: z.array(CsvProblem) }))
      .meta({ description: 'Products that failed, or whose images did not all arrive, in file order (the first 500).' }),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ProductImport' });
export type ProductImport = z.infer<typeof ProductImport>;

export const ProductExport = z
  .strictObject({
    filename: z.string(),
    products: z.int().min(0),
    rows: z.int().min(0),
    csv: z.string().meta({ description: 'The CSV text (UTF-8): Shopify’s columns, then the store’s second language’s and currency’s.' }),
  })
  .meta({ id: 'ProductExport' });
export type ProductExport = z.infer<typeof ProductExport>;
