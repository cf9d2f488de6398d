// Paths under /api (and /api itself) that no route serves, e.g. /api/v1/a/%2e%2e/%2e%2e/x, which URL parsing resolves
// to /api/x before any code runs: the same 404 route_not_found envelope as under /api/v1.
import { catchAll } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = catchAll;
