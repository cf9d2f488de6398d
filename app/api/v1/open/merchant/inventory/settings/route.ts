// getInventorySettings: GET /api/v1/open/merchant/inventory/settings (extension)
// updateInventorySettings: PUT /api/v1/open/merchant/inventory/settings (extension)
import { getInventorySettings, updateInventorySettings } from '@/lib/catalog/inventory-settings';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getInventorySettings, (_input, ctx) => getInventorySettings(ctx, { merchantId: principalStore(ctx) })),
  handle(operations.updateInventorySettings, async ({ body }, ctx) => (await updateInventorySettings(ctx, { merchantId: principalStore(ctx), settings: body })).settings),
);
