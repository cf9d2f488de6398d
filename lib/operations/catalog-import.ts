import { MAX_IMPORT_BYTES } from '../catalog/csv-format';
import { ImportIdParams, ProductCsvUploadRequest, ProductExport, ProductImport, ProductImportDryRun } from '../catalog/import-schemas';
import { dataEnvelope } from '../schemas/common';
import { defineOperation } from './types';

/*
 * Extensions: the store's products as Shopify's product CSV, in and out. The console's import
 * page and `npm run catalog` run the same services.
 */

const ImportResponse = dataEnvelope(ProductImport, 'ProductImportResponse');
const imports = { tag: 'Merchant catalog', stability: 'candidate', extension: true } as const;
const format =
  'Shopify’s product CSV: a header row, then one row per variant, the rows of a product together under its `Handle`; the product’s columns on its first row; rows with only `Image Src` add images; `Variant Image` is the URL of the picture a variant shows (one of the product’s `Image Src` URLs, or another, added to its images; empty: the automatic picture). ' +
  'The plain text columns are in the store’s default language; the same column with a locale after it (`Title (en-US)`, `Option1 Value (zh-CN)`, ...) carries that language. ' +
  '`Variant Price` and `Variant Compare At Price` are decimal amounts in the default market’s currency (`19.99`, no more decimals than the currency has); `Variant Price (USD)` prices the variant in another currency of the store. ' +
  '`Body (HTML)` is made plain text (scripts and tags removed, line breaks kept). Other columns of Shopify’s export are ignored (listed in `ignoredColumns`). ' +
  `A \`multipart/form-data\` body with the file in \`file\`, UTF-8, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MiB. `;

export const dryRunMerchantProductImport = defineOperation({
  ...imports,
  auth: { kind: 'apiKey', scopes: ['products:write'] },
  idempotency: 'none',
  rateLimit: 'keyWrite',
  id: 'dryRunMerchantProductImport',
  method: 'POST',
  path: '/api/v1/open/merchant/product-import-dry-runs',
  summary: 'Check a product CSV without importing it',
  description:
    'Extension. Reads the file and checks every row against the store, writing nothing: every problem of every row with its line number (line 1 is the header), how many products an import would create and update. ' +
    'SKU codes another product of the store carries are problems too. ' +
    format,
  body: ProductCsvUploadRequest,
  bodyType: 'multipart',
  maxBodyBytes: () => MAX_IMPORT_BYTES,
  requestName: 'ProductCsvUploadRequest',
  response: dataEnvelope(ProductImportDryRun, 'ProductImportDryRunResponse'),
  responseName: 'ProductImportDryRunResponse',
  errors: ['catalog_csv_unreadable', 'upload_too_large'],
});

export const startMerchantProductImport = defineOperation({
  ...imports,
  auth: { kind: 'apiKey', scopes: ['products:write'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  id: 'startMerchantProductImport',
  method: 'POST',
  path: '/api/v1/open/merchant/product-imports',
  summary: 'Import a product CSV',
  description:
    'Extension. Checks the file as the dry run does and queues its products for the background work, which writes them in file order: a handle the store has is changed to match the file (its stock set to `Variant Inventory Qty`), a new one is created; `Image Src` images are fetched (public https addresses only) and added. ' +
    'Products with problems are skipped and listed in `problems`. Each product’s change appends its `product.created` or `product.updated` event (webhooks). ' +
    'Answers the import (`queued`); follow it with getMerchantProductImport. A file that is not a product CSV at all is 422 `catalog_csv_unreadable` with `details.problems`. ' +
    format,
  body: ProductCsvUploadRequest,
  bodyType: 'multipart',
  maxBodyBytes: () => MAX_IMPORT_BYTES,
  requestName: 'ProductCsvUploadRequest',
  response: ImportResponse,
  responseName: 'ProductImportResponse',
  errors: ['catalog_csv_unreadable', 'upload_too_large'],
});

export const getMerchantProductImport = defineOperation({
  ...imports,
  auth: { kind: 'apiKey', scopes: ['products:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  id: 'getMerchantProductImport',
  method: 'GET',
  path: '/api/v1/open/merchant/product-imports/{importId}',
  summary: 'Get a product import’s progress and report',
  description:
    'Extension. The import’s status (`queued`, `running`, `done`), products done of the total, created, updated, unchanged, failed and skipped, images added and failed, the file’s problems and the products that failed when written. ' +
    'When it is `done`, every product it wrote is on the storefront and in search (active ones). Another store’s import, or an unknown id, is 404 `catalog_import_not_found`.',
  params: ImportIdParams,
  response: ImportResponse,
  responseName: 'ProductImportResponse',
  errors: ['catalog_import_not_found'],
});

export const exportMerchantProducts = defineOperation({
  ...imports,
  auth: { kind: 'apiKey', scopes: ['products:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  id: 'exportMerchantProducts',
  method: 'GET',
  path: '/api/v1/open/merchant/product-export',
  summary: 'Export the store’s products as CSV',
  description:
    'Extension. Every product of the store, whatever its status, in handle order, as the CSV startMerchantProductImport reads (the same columns; `Variant Inventory Qty` is the units on hand, `Image Src` each image’s URL, `Variant Image` the URL of the picture chosen for a variant). Importing it back changes nothing. The CSV text is in `data.csv`.',
  response: dataEnvelope(ProductExport, 'ProductExportResponse'),
  responseName: 'ProductExportResponse',
  errors: [],
});

export const catalogImportOperations = { dryRunMerchantProductImport, startMerchantProductImport, getMerchantProductImport, exportMerchantProducts } as const;
