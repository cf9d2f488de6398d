// getPublicContact: GET /api/v1/public/contact
import { getPublicContact } from '@/lib/catalog/get-public-contact';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getPublicContact, (_input, ctx) => getPublicContact(ctx)),
);
