// dryRunMerchantProductImport: POST /api/v1/open/merchant/product-import-dry-runs (extension)
import { csvText, dryRunProductImport } from '@/lib/catalog/csv-import';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.dryRunMerchantProductImport, ({ body }, ctx) => dryRunProductImport(ctx, { merchantId: principalStore(ctx), csv: csvText(body.file.bytes) })),
);
