/**
 * Merchants' decoration authoring, until a merchant console exists:
 *
 *   npm run decoration:export  -- <slug> [file]   write the live decoration as an editable draft
 *   npm run decoration:publish -- <slug> <file>   validate a draft and publish it as the next version
 *   npm run decoration:history -- <slug>          list the published versions, newest first
 *   npm run decoration:preview -- <slug> <file> [hours]
 *                                                 validate a draft as publishing would and print a
 *                                                 signed link showing it on the store's pages,
 *                                                 unpublished, for `hours` (24 by default, at most 168)
 *
 * A draft is JSON: { "locale", "market", "blocks": [...] } (the published decoration without
 * versionId, version and tenant). Media URLs may be root-relative to this deployment ("/media/...").
 * Runs against the configured database (DATABASE_URL, or the embedded PGlite in .data/pglite).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { closeDb, commandDb } from '../lib/db/client';
import { getPublicStorefrontDecoration } from '../lib/decoration/get-public-storefront-decoration';
import { listDecorationVersions } from '../lib/decoration/decoration-versions';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { mapUrlFields, publicBaseUrl, storedUrl } from '../lib/core/media-urls';
import { createDecorationPreview } from '../lib/decoration/preview-decoration';
import { publishDecoration } from '../lib/decoration/publish-decoration';
import { StorefrontDecoration } from '../lib/decoration/schemas';
import type { ServiceContext } from '../lib/core/context';
import { isServiceError } from '../lib/core/errors';
import { createServiceContext } from '../lib/core/context';
import { exitOnInvalidConfig } from '../lib/platform/config';

exitOnInvalidConfig();

const [command, slug, file] = process.argv.slice(2);
const usage = 'usage: decoration <publish|export|history|preview> <store-slug> [file] [hours]';

async function context(): Promise<ServiceContext> {
  // The operator runs this for the store itself, so a protected store is readable.
  return createServiceContext({ db: await commandDb(), requestId: 'cli', clientAddress: 'cli', storeAccess: new Set([slug!]) });
}

async function readDraft(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
}

async function publish(ctx: ServiceContext, path: string) {
  const draft = await readDraft(path);
  const v = await publishDecoration(ctx, { slug: slug!, draft });
  console.log(
    `Published ${slug} version ${v.version} (versionId ${v.versionId}): ${v.blocks} blocks, ${v.products} products, ${v.locale}/${v.market}.`,
  );
}

async function exportDraft(ctx: ServiceContext, path: string | undefined) {
  // Parsing puts the fields in the schema's order (the database keeps JSON keys its own way).
  const { locale, market, blocks } = StorefrontDecoration.parse(await getPublicStorefrontDecoration(ctx, { slug: slug! }));
  const base = publicBaseUrl();
  const text = JSON.stringify(mapUrlFields({ locale, market, blocks }, (u) => storedUrl(u, base)), null, 2) + '\n';
  if (path) {
    await writeFile(path, text);
    console.log(`Wrote the live decoration of ${slug} to ${path}.`);
  } else process.stdout.write(text);
}

async function preview(ctx: ServiceContext, path: string, hours: string | undefined) {
  const ttlSeconds = hours === undefined ? undefined : Number(hours) * 3600;
  if (ttlSeconds !== undefined && !(ttlSeconds > 0)) throw new Error(`hours must be a positive number, not ${hours}`);
  const link = await createDecorationPreview(ctx, { slug: slug!, draft: await readDraft(path), ttlSeconds });
  console.log(`Preview of ${path} for ${slug} (${link.blocks} blocks, ${link.products} products), not published, until ${link.expiresAt}:`);
  // The link leaves the app (pasted into a browser or a message): absolute, from PUBLIC_BASE_URL.
  console.log(new URL(link.path, publicBaseUrl()).href);
}

/** One line per version, newest first: number, versionId, date, locale/market, live, rollback, what changed. */
async function history(ctx: ServiceContext) {
  const merchant = await getMerchantOrThrow(ctx.db, slug!);
  for (let page = 1; ; page++) {
    const list = await listDecorationVersions(ctx, merchant, { page, pageSize: 50 });
    if (list.meta.total === 0) console.log(`${slug} has not published a decoration.`);
    for (const v of list.data) {
      const { added, removed, changed, reordered } = v.changes;
      const what = [added.length && `+${added.length}`, removed.length && `-${removed.length}`, changed.length && `~${changed.length}`, reordered && 'reordered'];
      const notes = [v.live && '(live)', v.restoredFromVersion && `(rollback to ${v.restoredFromVersion})`, `blocks ${what.filter(Boolean).join(' ') || 'unchanged'}`];
      console.log(`${String(v.version).padStart(4)}  ${v.versionId}  ${v.publishedAt}  ${v.locale}/${v.market}  ${notes.filter(Boolean).join('  ')}`);
    }
    if (!list.meta.hasNextPage) break;
  }
}

let code = 0;
try {
  if (!slug || !['publish', 'export', 'history', 'preview'].includes(command ?? '') || ((command === 'publish' || command === 'preview') && !file)) {
    console.error(usage);
    code = 2;
  } else {
    const ctx = await context();
    if (command === 'publish') await publish(ctx, file!);
    else if (command === 'export') await exportDraft(ctx, file);
    else if (command === 'preview') await preview(ctx, file!, process.argv[5]);
    else await history(ctx);
  }
} catch (err) {
  code = 1;
  if (isServiceError(err)) {
    console.error(err.issues?.length ? `Refused: ${err.issues.length} violation(s) of the decoration rules.` : `Refused: ${err.message}`);
    for (const issue of err.issues ?? []) console.error(`  ${issue.path || '(document)'}: ${issue.message} [${issue.code}]`);
  } else console.error(`Failed: ${(err as Error).message}`);
} finally {
  await closeDb();
}
process.exit(code);
