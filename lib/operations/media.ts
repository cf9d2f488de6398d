import { config } from '../platform/config';
import { MEDIA_VARIANT_FORMATS, MEDIA_WIDTH_STEPS } from '../core/media-variants';
import {
  MAX_MEDIA_PER_PRODUCT,
  MediaAltUpdateRequest,
  MediaDeleted,
  MediaOrderRequest,
  MediaUploadRequest,
  ProductMediaItem,
  ProductMediaItemParams,
  ProductMediaList,
  ProductMediaParams,
  ProductSkuImageParams,
  SkuImage,
  SkuImageRequest,
} from '../media/schemas';
import { dataEnvelope } from '../schemas/common';
import { defineOperation } from './types';

/*
 * Extensions: an installation manages the images of its store's products (the store it is
 * installed on; another store's product answers 404). Every change is one transaction with its
 * audit entry and a `product.media_changed` event.
 */

const media = { tag: 'Product media', stability: 'candidate', extension: true } as const;
const read = { ...media, auth: { kind: 'apiKey', scopes: ['products:read'] }, idempotency: 'none', rateLimit: 'keyRead' } as const;
const write = { ...media, auth: { kind: 'apiKey', scopes: ['products:write'] }, idempotency: 'required', rateLimit: 'keyWrite' } as const;

const ItemResponse = dataEnvelope(ProductMediaItem, 'ProductMediaItemResponse');
const ListResponse = dataEnvelope(ProductMediaList, 'ProductMediaListResponse');

export const listProductMedia = defineOperation({
  ...read,
  id: 'listProductMedia',
  method: 'GET',
  path: '/api/v1/open/merchant/products/{productId}/media',
  summary: 'List a product’s media',
  description:
    'Extension. The product’s media in order (the first is its main image), with alt text in both locales, the SKUs pointed at each image and, for uploads, every responsive file. Media URLs are absolute.',
  params: ProductMediaParams,
  response: ListResponse,
  responseName: 'ProductMediaListResponse',
  errors: ['product_not_found'],
});

export const uploadProductMedia = defineOperation({
  ...write,
  id: 'uploadProductMedia',
  method: 'POST',
  path: '/api/v1/open/merchant/products/{productId}/media',
  summary: 'Upload an image to a product',
  description: [
    'Extension. A `multipart/form-data` body with the image in `file`, and optionally `altZhCN`, `altEnUS` and `position`.',
    'The file is judged by its bytes, never its name or declared type: JPEG, PNG, WebP, AVIF or GIF (its first frame) are taken; anything else, SVG included, is 415 `media_type_unsupported`; bytes that do not decode are 422 `image_unreadable`; an image declaring more than `MEDIA_MAX_INPUT_PIXELS` pixels is 422 `image_dimensions_too_large` before it is decoded. A body over `MEDIA_MAX_UPLOAD_BYTES` (10 MiB by default) is 413 `upload_too_large`, answered as soon as its `Content-Length` or its bytes pass the limit.',
    `The original is re-encoded (orientation applied, EXIF and every other metadata dropped) and made into ${MEDIA_VARIANT_FORMATS.join(' and ').toUpperCase()} at widths ${MEDIA_WIDTH_STEPS.join(', ')} (up to the original’s own width), served from this host under content-addressed names with \`Cache-Control: public, max-age=31536000, immutable\`.`,
    `A product has at most ${MAX_MEDIA_PER_PRODUCT} media (409 \`media_limit_reached\`). Answers the new image.`,
  ].join('\n\n'),
  params: ProductMediaParams,
  body: MediaUploadRequest,
  bodyType: 'multipart',
  maxBodyBytes: () => config().MEDIA_MAX_UPLOAD_BYTES,
  requestName: 'ProductMediaUploadRequest',
  response: ItemResponse,
  responseName: 'ProductMediaItemResponse',
  errors: ['product_not_found', 'media_limit_reached', 'upload_too_large', 'media_type_unsupported', 'image_unreadable', 'image_dimensions_too_large'],
});

export const updateProductMedia = defineOperation({
  ...write,
  id: 'updateProductMedia',
  method: 'PATCH',
  path: '/api/v1/open/merchant/products/{productId}/media/{mediaId}',
  summary: 'Update a product image’s alt text',
  description: 'Extension. Sets the alt text in one or both locales (a locale left out keeps its text; an empty one lets the product title stand in). Answers the image.',
  params: ProductMediaItemParams,
  body: MediaAltUpdateRequest,
  requestName: 'ProductMediaUpdateRequest',
  response: ItemResponse,
  responseName: 'ProductMediaItemResponse',
  errors: ['product_not_found', 'media_not_found'],
});

export const deleteProductMedia = defineOperation({
  ...write,
  id: 'deleteProductMedia',
  method: 'DELETE',
  path: '/api/v1/open/merchant/products/{productId}/media/{mediaId}',
  summary: 'Delete a product image',
  description:
    'Extension. Takes the image off the product; SKUs pointed at it go back to their default image. An upload’s files are removed from the media storage by the background work right after the deletion commits.',
  params: ProductMediaItemParams,
  response: dataEnvelope(MediaDeleted, 'ProductMediaDeletedResponse'),
  responseName: 'ProductMediaDeletedResponse',
  errors: ['product_not_found', 'media_not_found'],
});

export const reorderProductMedia = defineOperation({
  ...write,
  id: 'reorderProductMedia',
  method: 'PUT',
  path: '/api/v1/open/merchant/products/{productId}/media-order',
  summary: 'Reorder a product’s media',
  description:
    'Extension. `mediaIds` names every media of the product exactly once, in the new order (the first becomes the main image); a list that leaves one out, names one twice or names another product’s is 400 with an issue per problem. Answers the list.',
  params: ProductMediaParams,
  body: MediaOrderRequest,
  requestName: 'ProductMediaOrderRequest',
  response: ListResponse,
  responseName: 'ProductMediaListResponse',
  errors: ['product_not_found'],
});

export const setSkuImage = defineOperation({
  ...write,
  id: 'setSkuImage',
  method: 'PUT',
  path: '/api/v1/open/merchant/products/{productId}/skus/{skuId}/image',
  summary: 'Point a SKU at one of its product’s images',
  description:
    'Extension. The image the product page shows when the variant is chosen, and cart and checkout lines show for it. `mediaId: null` goes back to the default: the image whose English alt text names the SKU’s option values, else the first.',
  params: ProductSkuImageParams,
  body: SkuImageRequest,
  requestName: 'SkuImageRequest',
  response: dataEnvelope(SkuImage, 'SkuImageResponse'),
  responseName: 'SkuImageResponse',
  errors: ['product_not_found', 'sku_not_found', 'media_not_found'],
});

export const mediaOperations = { listProductMedia, uploadProductMedia, updateProductMedia, deleteProductMedia, reorderProductMedia, setSkuImage } as const;
