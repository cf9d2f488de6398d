/**
 * Merchants' decoration authoring, until a merchant console exists: `npm run decoration:export`,
 * `decoration:publish`, `decoration:history` and `decoration:preview` (see DECORATION_USAGE).
 *
 * A draft is JSON: { "locale", "market", "blocks": [...] } (the published decoration without
 * versionId, version and tenant). Media URLs may be root-relative to this deployment ("/media/...").
 * Runs against the configured database (DATABASE_URL, or the embedded PGlite in .data/pglite).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { type ServiceContext, createServiceContext } from '../lib/core/context';
import { isServiceError } from '../lib/core/errors';
import { mapUrlFields, publicBaseUrl, storedUrl } from '../lib/core/media-urls';
import { closeDb, commandDb } from '../lib/db/client';
import { getPublicStorefrontDecoration } from '../lib/decoration/get-public-storefront-decoration';
import { listDecorationVersions } from '../lib/decoration/decoration-versions';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { createDecorationPreview } from '../lib/decoration/preview-decoration';
import { publishDecoration } from '../lib/decoration/publish-decoration';
import { StorefrontDecoration } from '../lib/decoration/schemas';
import { CommandError, type CommandSpec, UsageError, parseCommandLine, runCommand } from '../lib/platform/cli';

const DECORATION_USAGE = `Usage: npm run decoration:<command> -- <store> [arguments]
  decoration:export  -- <store> [file]          write the live decoration as an editable draft (to stdout without a file)
  decoration:publish -- <store> <file>          validate a draft and publish it as the store's next version
  decoration:history -- <store>                 the store's published versions, newest first
  decoration:preview -- <store> <file> [hours]  validate a draft as publishing does and print a signed link showing it
                                                on the store's pages, unpublished, for hours (24 by default, at most 168)`;

const DECORATION_COMMAND = { usage: DECORATION_USAGE } as const satisfies CommandSpec;

async function context(slug: string): Promise<ServiceContext> {
  // The operator runs this for the store itself, so a protected store is readable.
  // The audit trail names the operator as who published.
  return createServiceContext({ db: await commandDb(), requestId: 'cli', clientAddress: 'cli', storeAccess: new Set([slug]), actor: { kind: 'operator' } });
}

async function readDraft(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
}

async function publish(ctx: ServiceContext, slug: string, path: string) {
  const draft = await readDraft(path);
  const v = await publishDecoration(ctx, { slug, draft });
  console.log(
    `Published ${slug} version ${v.version} (versionId ${v.versionId}): ${v.blocks} blocks, ${v.products} products, ${v.locale}/${v.market}.`,
  );
}

async function exportDraft(ctx: ServiceContext, slug: string, path: string | undefined) {
  // Parsing puts the fields in the schema's order (the database keeps JSON keys its own way).
  const { locale, market, blocks } = StorefrontDecoration.parse(await getPublicStorefrontDecoration(ctx, { slug }));
  const base = publicBaseUrl();
  const text = JSON.stringify(mapUrlFields({ locale, market, blocks }, (u) => storedUrl(u, base)), null, 2) + '\n';
  if (path) {
    await writeFile(path, text);
    console.log(`Wrote the live decoration of ${slug} to ${path}.`);
  } else process.stdout.write(text);
}

async function preview(ctx: ServiceContext, slug: string, path: string, hours: string | undefined) {
  const ttlSeconds = hours === undefined ? undefined : Number(hours) * 3600;
  if (ttlSeconds !== undefined && !(ttlSeconds > 0)) throw new Error(`hours must be a positive number, not ${hours}`);
  const link = await createDecorationPreview(ctx, { slug, draft: await readDraft(path), ttlSeconds });
  console.log(`Preview of ${path} for ${slug} (${link.blocks} blocks, ${link.products} products), not published, until ${link.expiresAt}:`);
  // The link leaves the app (pasted into a browser or a message): absolute, from PUBLIC_BASE_URL.
  console.log(new URL(link.path, publicBaseUrl()).href);
}

/** One line per version, newest first: number, versionId, date, locale/market, live, rollback, what changed. */
async function history(ctx: ServiceContext, slug: string) {
  const merchant = await getMerchantOrThrow(ctx.db, slug);
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

/** A refusal lists every violation of the decoration rules; anything else says what failed. */
function failure(err: unknown): CommandError {
  if (!isServiceError(err)) return new CommandError(`Failed: ${(err as Error).message}`, 1);
  const lines = [err.issues?.length ? `Refused: ${err.issues.length} violation(s) of the decoration rules.` : `Refused: ${err.message}`];
  for (const issue of err.issues ?? []) lines.push(`  ${issue.path || '(document)'}: ${issue.message} [${issue.code}]`);
  return new CommandError(lines.join('\n'), 1);
}

await runCommand({
  ...DECORATION_COMMAND,
  run: async (argv) => {
    const {
      command,
      args: [slug, file, hours],
    } = parseCommandLine(argv, DECORATION_COMMAND);
    if (!slug || !['publish', 'export', 'history', 'preview'].includes(command ?? '') || ((command === 'publish' || command === 'preview') && !file)) {
      throw new UsageError(DECORATION_USAGE);
    }
    try {
      const ctx = await context(slug);
      if (command === 'publish') await publish(ctx, slug, file!);
      else if (command === 'export') await exportDraft(ctx, slug, file);
      else if (command === 'preview') await preview(ctx, slug, file!, hours);
      else await history(ctx, slug);
    } catch (err) {
      throw failure(err);
    }
  },
  close: closeDb,
});
