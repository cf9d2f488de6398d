// Every /api/v1 path no route serves: 404 route_not_found in the error envelope.
import { catchAll } from '@/lib/http/method-not-allowed';

export const { GET, POST, PUT, PATCH, DELETE } = catchAll;
