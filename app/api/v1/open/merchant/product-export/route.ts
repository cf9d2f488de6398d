// exportMerchantProducts: GET /api/v1/open/merchant/product-export (extension)
import { exportProducts } from '@/lib/catalog/csv-export';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.exportMerchantProducts, (_input, ctx) => exportProducts(ctx, { merchantId: principalStore(ctx) })));
