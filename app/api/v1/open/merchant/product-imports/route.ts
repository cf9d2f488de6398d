// startMerchantProductImport: POST /api/v1/open/merchant/product-imports (extension)
import { csvText, startProductImport } from '@/lib/catalog/csv-import';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(
    operations.startMerchantProductImport,
    ({ body }, ctx) => startProductImport(ctx, { merchantId: principalStore(ctx), csv: csvText(body.file.bytes), filename: body.file.filename }),
    // The import is written by the background work: start a pass right after the response.
    { wakesBackgroundWork: true },
  ),
);
