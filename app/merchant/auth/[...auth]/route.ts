import { handleMerchantAuth } from '@/lib/http/merchant-auth';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => handleMerchantAuth(request);
export const POST = (request: Request) => handleMerchantAuth(request);
