import { z } from 'zod';
import { defineEventKind } from '../events/define-event-kind';

/**
 * Media events. A product's images belong to the store: the event goes to the endpoints of every
 * installation on the store that subscribe to it, whoever made the change.
 */

export const MediaChange = z.enum(['added', 'updated', 'reordered', 'deleted', 'sku_image']);

export const ProductMediaChangedPayload = z.strictObject({
  productId: z.uuid(),
  change: MediaChange,
  mediaId: z.uuid().nullable().meta({ description: 'The image added, updated or deleted, or pointed at by a SKU; null for a new order or a SKU set back to its default.' }),
  skuId: z.uuid().nullable().meta({ description: 'The SKU of a `sku_image` change; null otherwise.' }),
  mediaIds: z.array(z.uuid()).max(20).meta({ description: 'Every media id of the product after the change, in order.' }),
  changedAt: z.iso.datetime(),
});

export const productMediaChanged = defineEventKind({
  type: 'product.media_changed',
  description:
    'A product’s media changed: an image uploaded, its alt text updated, the order changed, an image deleted, or a SKU pointed at an image (same transaction as the change). Read the product again for the URLs.',
  stability: 'candidate',
  subjectType: 'product',
  payload: ProductMediaChangedPayload,
  example: {
    productId: '4f1c2a9e-8b7d-4c3e-9a2f-1b2c3d4e5f60',
    change: 'added',
    mediaId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    skuId: null,
    mediaIds: ['9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'],
    changedAt: '2026-11-28T01:00:00.000Z',
  },
});

export const mediaEventKinds = [productMediaChanged] as const;
