/**
 * Merchants' decoration authoring, until a merchant console exists:
 *
 *   npm run decoration:export  -- <slug> [file]   write the live decoration as an editable draft
 *   npm run decoration:publish -- <slug> <file>   validate a draft and publish it as the next version
 *   npm run decoration:history -- <slug>          list the published versions, newest first
 *
 * A draft is JSON: { "locale", "market", "blocks": [...] } (the published decoration without
 * versionId, version and tenant). Media URLs may be root-relative to this deployment ("/media/...").
 * Runs against the configured database (DATABASE_URL, or the embedded PGlite in .data/pglite).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { closeDb, getDb } from '../lib/db/client';
import { getPublicStorefrontDecoration } from '../lib/decoration/get-public-storefront-decoration';
import { mapUrlFields, publicBaseUrl, storedUrl } from '../lib/core/media-urls';
import { publishDecoration } from '../lib/decoration/publish-decoration';
import { StorefrontDecoration } from '../lib/decoration/schemas';
import type { ServiceContext } from '../lib/core/context';
import { isServiceError } from '../lib/core/errors';
import { createServiceContext } from '../lib/core/context';

const [command, slug, file] = process.argv.slice(2);
const usage = 'usage: decoration <publish|export|history> <store-slug> [file]';

async function context(): Promise<ServiceContext> {
  // The operator runs this for the store itself, so a protected store is readable.
  return createServiceContext({ db: await getDb(), requestId: 'cli', clientAddress: 'cli', storeAccess: new Set([slug!]) });
}

async function publish(ctx: ServiceContext, path: string) {
  let draft: unknown;
  try {
    draft = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
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

async function history(ctx: ServiceContext) {
  const merchant = await ctx.db.merchant.findUnique({ where: { slug: slug! }, select: { id: true } });
  if (!merchant) throw new Error(`no store with slug ${slug}`);
  const versions = await ctx.db.storefrontDecorationVersion.findMany({
    where: { merchantId: merchant.id },
    orderBy: { version: 'desc' },
    select: { id: true, version: true, locale: true, market: true, publishedAt: true },
  });
  if (versions.length === 0) console.log(`${slug} has not published a decoration.`);
  for (const v of versions) {
    console.log(`${String(v.version).padStart(4)}  ${v.id}  ${v.publishedAt.toISOString()}  ${v.locale}/${v.market}${v === versions[0] ? '  (live)' : ''}`);
  }
}

let code = 0;
try {
  if (!slug || !['publish', 'export', 'history'].includes(command ?? '') || (command === 'publish' && !file)) {
    console.error(usage);
    code = 2;
  } else {
    const ctx = await context();
    if (command === 'publish') await publish(ctx, file!);
    else if (command === 'export') await exportDraft(ctx, file);
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
