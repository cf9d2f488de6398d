// setInventoryLevel: POST /api/v1/open/merchant/inventory/levels/{skuId}/set (extension)
import { setStock } from '@/lib/catalog/change-stock';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.setInventoryLevel, ({ params, body }, ctx) => setStock(ctx, { merchantId: principalStore(ctx), skuId: params.skuId, change: body })));
