// getInventoryLevel: GET /api/v1/open/merchant/inventory/levels/{skuId} (extension)
import { getStockLevel } from '@/lib/catalog/get-stock-level';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.getInventoryLevel, ({ params }, ctx) => getStockLevel(ctx, { merchantId: principalStore(ctx), skuId: params.skuId })));
