// refundMerchantAfterSales: POST /api/v1/open/merchant/after-sales/{requestId}/refund (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { decideStoreAfterSales } from '@/lib/orders/decide-store-after-sales';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.refundMerchantAfterSales, ({ params, body }, ctx) =>
    decideStoreAfterSales(ctx, { merchantId: principalStore(ctx), requestId: params.requestId, action: 'refund', reason: body.reason, refundLines: body.lines }),
  ),
);
