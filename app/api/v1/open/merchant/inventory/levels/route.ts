// listInventoryLevels: GET /api/v1/open/merchant/inventory/levels (extension)
import { listStoreStockLevels } from '@/lib/catalog/list-stock-levels';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.listInventoryLevels, ({ query }, ctx) => listStoreStockLevels(ctx, { merchantId: principalStore(ctx), query })));
