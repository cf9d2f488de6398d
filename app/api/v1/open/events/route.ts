// listInstallationEvents: GET /api/v1/open/events
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { listInstallationEvents } from '@/lib/webhooks/list-installation-events';
import { ownerOf } from '@/lib/webhooks/owner';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listInstallationEvents, ({ query }, ctx) => listInstallationEvents(ctx, ownerOf(ctx), query)),
);
