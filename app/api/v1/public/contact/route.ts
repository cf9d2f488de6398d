// getPublicContact: GET /api/v1/public/contact
import { getPublicContact } from '@/lib/catalog/get-public-contact';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.getPublicContact, (_input, ctx) => getPublicContact(ctx));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
