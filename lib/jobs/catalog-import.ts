import 'server-only';
import { Agent, request } from 'undici';
import type { CatalogImportPorts, VariantImageChoice } from '../catalog/csv-import';
import type { CsvProblem, ImportImage } from '../catalog/csv-format';
import { runProductImports } from '../catalog/csv-import';
import { readProductMedia, readStoreProduct } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { isServiceError } from '../core/errors';
import { absoluteUrl, publicBaseUrl } from '../core/media-urls';
import { readProductAssets } from '../media/data';
import { setSkuImages } from '../media/set-sku-image';
import { prepareUpload, uploadProductMedia } from '../media/upload-product-media';
import { orderedSkuIds } from '../orders/data';
import { config } from '../platform/config';
import { UploadedFile } from '../schemas/uploaded-file';
import { type NetworkPolicy, UnsafeWebhookUrl, checkLiteralHost, checkUrlShape, checkedLookup, webhookNetworkPolicy } from '../webhooks/url-safety';

/*
 * What the catalog import needs from above the catalog: whether a variant was ever ordered, and
 * its `Image Src` images. An image is fetched through the same outbound guard as webhook delivery
 * (lib/webhooks/url-safety.ts: https only, every address the host resolves to must be public, the
 * address dialled is the one checked, no redirects followed), at most MEDIA_MAX_UPLOAD_BYTES, then
 * judged by its bytes and processed as an upload. An image the product already has (the store's
 * own URL of it, or the same bytes) is not added again, so running an import twice adds nothing.
 * A variant's `Variant Image` names one of those images by its URL (the file's, or the store's own
 * in an export): the variant is pointed at it, all of the product's variants in one change.
 */

const FETCH_TIMEOUT_MS = 15_000;
const agents = new WeakMap<NetworkPolicy, Agent>();

function agentFor(policy: NetworkPolicy): Agent {
  let agent = agents.get(policy);
  if (!agent) {
    agent = new Agent({ connect: { lookup: checkedLookup(policy), timeout: FETCH_TIMEOUT_MS }, headersTimeout: FETCH_TIMEOUT_MS, bodyTimeout: FETCH_TIMEOUT_MS });
    agents.set(policy, agent);
  }
  return agent;
}

class ImageFetchFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The image's bytes, through the guard; throws ImageFetchFailed with a reason a merchant can act on. */
export async function fetchRemoteImage(src: string, policy: NetworkPolicy = webhookNetworkPolicy()): Promise<Uint8Array> {
  const maxBytes = config().MEDIA_MAX_UPLOAD_BYTES;
  try {
    const url = checkUrlShape(src, policy);
    checkLiteralHost(url, policy);
    const res = await request(url, { method: 'GET', dispatcher: agentFor(policy), headers: { 'user-agent': 'storefront-commerce-import/1', accept: 'image/*' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (res.statusCode < 200 || res.statusCode >= 300) {
      await res.body.dump();
      throw new ImageFetchFailed('image_fetch_failed', `the server answered ${res.statusCode}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).byteLength;
      if (size > maxBytes) {
        res.body.destroy();
        throw new ImageFetchFailed('image_too_large', `the image is over ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return new Uint8Array(Buffer.concat(chunks));
  } catch (err) {
    if (err instanceof ImageFetchFailed) throw err;
    const refused = findRefusal(err);
    if (refused) throw new ImageFetchFailed('image_url_refused', `the URL may not be fetched: ${refused.reason}`);
    throw new ImageFetchFailed('image_fetch_failed', `the image could not be fetched: ${(err as Error).message}`.slice(0, 300));
  }
}

function findRefusal(err: unknown): UnsafeWebhookUrl | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof UnsafeWebhookUrl) return e;
  return null;
}

async function addImages(
  ctx: ServiceContext,
  input: { merchantId: string; productId: string; images: readonly ImportImage[]; variants: readonly VariantImageChoice[] },
): Promise<{ added: number; failed: number; problems: CsvProblem[]; pointed: number }> {
  const problems: CsvProblem[] = [];
  let added = 0;
  const product = await readProductMedia(ctx.db, input.merchantId, input.productId);
  if (!product) return { added, problems: [{ line: input.images[0]?.line ?? 1, column: 'Image Src', code: 'product_not_found', message: 'the product is gone' }], failed: 1, pointed: 0 };
  const base = publicBaseUrl();
  // Each image's id by the URLs that name it (the stored one, the absolute one an export writes, the file's).
  const bySrc = new Map(product.media.flatMap((m) => [[m.url, m.id] as const, [absoluteUrl(m.url, base), m.id] as const]));
  const hashes = new Map((await readProductAssets(ctx.db, input.merchantId, input.productId)).map((a) => [a.contentHash, a.id]));
  const images = new Set(product.media.filter((m) => m.kind === 'image').map((m) => m.id));
  for (const image of input.images) {
    if (bySrc.has(image.src)) continue;
    try {
      const file = new UploadedFile('import', await fetchRemoteImage(image.src));
      const hash = file.sha256.slice(0, 16);
      const same = hashes.get(hash);
      if (same) {
        bySrc.set(image.src, same);
        continue;
      }
      const item = await uploadProductMedia(ctx, { merchantId: input.merchantId, productId: input.productId, upload: await prepareUpload(file), alt: image.alt, position: image.position - 1 });
      hashes.set(hash, item.id);
      bySrc.set(image.src, item.id);
      images.add(item.id);
      added++;
    } catch (err) {
      if (err instanceof ImageFetchFailed) problems.push({ line: image.line, column: image.column ?? 'Image Src', code: err.code, message: err.message });
      else if (isServiceError(err)) problems.push({ line: image.line, column: image.column ?? 'Image Src', code: err.code, message: err.message });
      else throw err;
    }
  }
  const failed = problems.length;
  const pointed = input.variants.length ? await pointVariants(ctx, input, { bySrc, images, current: new Map(product.skus.map((s) => [s.id, s.imageId])) }, problems) : 0;
  return { added, failed, problems, pointed };
}

/**
 * Points the variants at the images their `Variant Image` names, in one change; a variant whose
 * image could not be added is left as it is (the image's line says why). A product none of whose
 * variants has or is given a picture (most of an export) costs no further read.
 */
async function pointVariants(
  ctx: ServiceContext,
  input: { merchantId: string; productId: string; variants: readonly VariantImageChoice[] },
  known: { bySrc: ReadonlyMap<string, string>; images: ReadonlySet<string>; current: ReadonlyMap<string, string | null> },
  problems: CsvProblem[],
): Promise<number> {
  if (input.variants.every((v) => v.imageSrc === null) && [...known.current.values()].every((id) => id === null)) return 0;
  const product = await readStoreProduct(ctx.db, input.merchantId, input.productId);
  if (!product) return 0;
  const skuByCode = new Map(product.skus.map((s) => [s.code, s.id]));
  const choices = input.variants.flatMap((v) => {
    const skuId = skuByCode.get(v.code);
    const mediaId = v.imageSrc === null ? null : known.bySrc.get(v.imageSrc);
    if (!skuId || mediaId === undefined || (known.current.get(skuId) ?? null) === mediaId) return [];
    if (mediaId !== null && !known.images.has(mediaId)) {
      problems.push({ line: v.line, column: 'Variant Image', code: 'not_an_image', message: 'the URL names media of the product that is not an image' });
      return [];
    }
    return [{ skuId, mediaId }];
  });
  if (!choices.length) return 0;
  try {
    await setSkuImages(ctx, { merchantId: input.merchantId, productId: input.productId, choices });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    // Changed meanwhile (an image or variant removed): the variants keep their pictures, the first line says so.
    problems.push({ line: input.variants[0]!.line, column: 'Variant Image', code: err.code, message: err.message });
    return 0;
  }
  return choices.length;
}

export const catalogImportPorts: CatalogImportPorts = { orderedSkus: orderedSkuIds, addImages };

/** The background work's step: one pass over the waiting imports (lib/jobs/sweeps.ts). */
export function runCatalogImports(ctx: ServiceContext) {
  return runProductImports(ctx, catalogImportPorts);
}
