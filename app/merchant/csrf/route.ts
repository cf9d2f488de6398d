import { issueMerchantCsrfCookie } from '@/lib/http/merchant-auth';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => issueMerchantCsrfCookie(request);
