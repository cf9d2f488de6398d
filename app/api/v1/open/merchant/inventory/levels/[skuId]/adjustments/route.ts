// listInventoryAdjustments: GET /api/v1/open/merchant/inventory/levels/{skuId}/adjustments (extension)
import { listSkuStockAdjustments } from '@/lib/catalog/list-stock-adjustments';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listInventoryAdjustments, ({ params, query }, ctx) => listSkuStockAdjustments(ctx, { merchantId: principalStore(ctx), skuId: params.skuId, query })),
);
