// Every /api/v1 path no route serves, /api/v1 itself included: 404 route_not_found in the error envelope.
import { catchAll } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = catchAll;
