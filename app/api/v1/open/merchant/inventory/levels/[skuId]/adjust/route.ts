// adjustInventoryLevel: POST /api/v1/open/merchant/inventory/levels/{skuId}/adjust (extension)
import { adjustStock } from '@/lib/catalog/change-stock';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.adjustInventoryLevel, ({ params, body }, ctx) => adjustStock(ctx, { merchantId: principalStore(ctx), skuId: params.skuId, change: body })));
