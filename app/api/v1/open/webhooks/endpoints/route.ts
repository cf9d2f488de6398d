// createInstallationWebhook, listInstallationWebhooks: POST, GET /api/v1/open/webhooks/endpoints
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { createInstallationWebhook } from '@/lib/webhooks/create-installation-webhook';
import { listInstallationWebhooks } from '@/lib/webhooks/list-installation-webhooks';
import { ownerOf } from '@/lib/webhooks/owner';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.createInstallationWebhook, ({ body }, ctx) => createInstallationWebhook(ctx, ownerOf(ctx), body)),
  handle(operations.listInstallationWebhooks, ({ query }, ctx) => listInstallationWebhooks(ctx, ownerOf(ctx), query)),
);
