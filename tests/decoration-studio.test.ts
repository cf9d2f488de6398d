import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockFromForm, formValues, issuesForForm } from '../app/merchant/[store]/decoration/block-form';
import { decorationText } from '../app/merchant/[store]/decoration/text';
import { readAuditTrail } from '../lib/audit/read-audit';
import { type MerchantRecord, getMerchantOrThrow } from '../lib/catalog/merchants';
import { type ServiceContext, createServiceContext } from '../lib/core/context';
import { ServiceError } from '../lib/core/errors';
import { type Db, getDb } from '../lib/db/client';
import { listCollectionCandidates } from '../lib/decoration/collection-candidates';
import { getDecorationDraft } from '../lib/decoration/decoration-draft';
import { editDecorationDraft } from '../lib/decoration/edit-decoration-draft';
import { DECORATION_AUDIT_SUBJECT } from '../lib/decoration/events';
import { getPublicStorefrontDecoration } from '../lib/decoration/get-public-storefront-decoration';
import { publishDecorationDraft } from '../lib/decoration/publish-decoration-draft';
import { rollbackDecoration } from '../lib/decoration/rollback-decoration';
import type { DecorationBlock } from '../lib/decoration/schemas';

/**
 * The decoration studio's services and form handling: a block edited from a submitted form,
 * added, moved and removed; a stale revision refused without saving; the schema's issues next to
 * the field they are about, in both languages; every change in the audit trail under the merchant
 * user who made it; publish and rollback through the same services as the API.
 */

let db: Db;
let lumen: MerchantRecord;
let huaxia: MerchantRecord;
const merchantUser = { kind: 'merchant_user' as const, userId: randomUUID(), email: 'studio@lumen.example' };
const asMerchant = (): ServiceContext => createServiceContext({ db, requestId: 'studio_test', clientAddress: 'test', actor: merchantUser, mediaBase: null });

function form(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  return f;
}

/** The form of an existing block, as the studio renders it (checkboxes sent only when ticked). */
function bannerForm(block: Extract<DecorationBlock, { type: 'image_banner' }>, change: Record<string, string> = {}): FormData {
  return form({
    type: 'image_banner',
    blockId: block.id,
    'alt.zh-CN': block.alt['zh-CN'],
    'alt.en-US': block.alt['en-US'],
    path: block.path ?? '',
    'media.id': block.media.id,
    'media.url': block.media.url,
    'media.kind': block.media.kind,
    'media.alt': block.media.alt,
    'media.width': String(block.media.width ?? ''),
    'media.height': String(block.media.height ?? ''),
    'media.thumbnailUrl': block.media.thumbnailUrl ?? '',
    'media.durationSeconds': '',
    ...(block.enabled ? { enabled: 'on' } : {}),
    ...(block.responsive.desktop ? { 'responsive.desktop': 'on' } : {}),
    ...(block.responsive.mobile ? { 'responsive.mobile': 'on' } : {}),
    'theme.surface': block.theme.surface,
    'theme.accent': block.theme.accent,
    'theme.density': block.theme.density,
    ...change,
  });
}

const banner = (blocks: DecorationBlock[]) => {
  const i = blocks.findIndex((b) => b.type === 'image_banner' && b.responsive.mobile && !b.responsive.desktop);
  return { index: i, block: blocks[i] as Extract<DecorationBlock, { type: 'image_banner' }> };
};

async function refusal(run: Promise<unknown>): Promise<ServiceError> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

beforeAll(async () => {
  db = await getDb();
  lumen = await getMerchantOrThrow(db, 'lumen-audio');
  huaxia = await getMerchantOrThrow(db, 'huaxia-digital');
});

describe('decoration studio', () => {
  it('saves a block edited in its form as the next revision, and the audit trail names the merchant user', async () => {
    const before = await getDecorationDraft(asMerchant(), lumen);
    const { index, block } = banner(before.blocks);
    const parsed = blockFromForm(bannerForm(block, { 'alt.en-US': 'Walnut bookshelf speakers', 'theme.surface': 'muted' }), randomUUID)!;
    const { draft, index: at } = await editDecorationDraft(asMerchant(), lumen, { expectedRevision: before.revision, edit: { kind: 'put', block: parsed.block } });

    expect(at).toBe(index);
    expect(draft.revision).toBe(before.revision + 1);
    const saved = banner(draft.blocks).block;
    expect(saved.alt).toEqual({ 'zh-CN': block.alt['zh-CN'], 'en-US': 'Walnut bookshelf speakers' });
    expect(saved.theme.surface).toBe('muted');
    expect(saved.media).toEqual(block.media);
    expect(draft.changes.changed.map((c) => c.id)).toContain(block.id);
    // The live store is unchanged until the draft is published.
    const live = await getPublicStorefrontDecoration(asMerchant(), { slug: 'lumen-audio' });
    expect(banner(live.blocks).block.alt['en-US']).toBe(block.alt['en-US']);

    const trail = await readAuditTrail(asMerchant(), { merchantId: lumen.id, subject: { type: DECORATION_AUDIT_SUBJECT, id: lumen.id }, limit: 1 });
    expect(trail.entries[0]).toMatchObject({
      actorKind: 'merchant_user',
      actorId: merchantUser.userId,
      actorLabel: merchantUser.email,
      action: 'decoration.draft_saved',
      details: { revision: draft.revision },
    });
  });

  it('refuses a save made to a stale revision with a conflict, and saves nothing', async () => {
    const current = await getDecorationDraft(asMerchant(), lumen);
    const { block } = banner(current.blocks);
    const parsed = blockFromForm(bannerForm(block, { 'alt.en-US': 'Lost update' }), randomUUID)!;
    const err = await refusal(editDecorationDraft(asMerchant(), lumen, { expectedRevision: current.revision - 1, edit: { kind: 'put', block: parsed.block } }));
    expect(err.code).toBe('decoration_draft_conflict');
    expect(err.details).toMatchObject({ revision: current.revision });
    const after = await getDecorationDraft(asMerchant(), lumen);
    expect(after.revision).toBe(current.revision);
    expect(banner(after.blocks).block.alt['en-US']).not.toBe('Lost update');
    // The studio says so in the merchant's language.
    expect(decorationText('en-US').errors.conflict(current.revision)).toContain(`revision ${current.revision}`);
  });

  it('answers the schema’s issues next to their fields, in both languages, and keeps what was typed', async () => {
    const current = await getDecorationDraft(asMerchant(), lumen);
    const { index, block } = banner(current.blocks);
    const sent = bannerForm(block, { 'media.url': 'not a url', 'media.width': 'wide', 'alt.zh-CN': 'x'.repeat(1001), 'theme.density': 'airy' });
    const parsed = blockFromForm(sent, randomUUID)!;
    const err = await refusal(editDecorationDraft(asMerchant(), lumen, { expectedRevision: current.revision, edit: { kind: 'put', block: parsed.block } }));
    expect(err.code).toBe('validation_failed');
    expect(err.issues!.map((i) => i.path).sort()).toEqual(
      [`blocks.${index}.alt.zh-CN`, `blocks.${index}.media.url`, `blocks.${index}.media.width`, `blocks.${index}.theme.density`].sort(),
    );

    const en = issuesForForm(err.issues!, index, decorationText('en-US'), (p) => p);
    expect(en.message).toBeUndefined();
    expect(en.errors).toEqual({
      'media.url': 'Enter an absolute http(s) address, or a path starting with /media/.',
      'media.width': 'Enter a whole number greater than 0, or leave it empty.',
      'alt.zh-CN': 'Use at most 1000 characters.',
      'theme.density': 'Choose one of the options.',
    });
    const zh = issuesForForm(err.issues!, index, decorationText('zh-CN'), (p) => p);
    expect(zh.errors['alt.zh-CN']).toBe('最多 1000 个字符。');
    expect(formValues(sent)).toMatchObject({ 'media.url': 'not a url', 'media.width': 'wide', enabled: 'on', 'responsive.desktop': 'off', 'responsive.mobile': 'on' });
    expect((await getDecorationDraft(asMerchant(), lumen)).revision).toBe(current.revision);
  });

  it('adds a product collection picked from the store’s own products, and refuses another store’s product', async () => {
    const current = await getDecorationDraft(asMerchant(), lumen);
    const own = await listCollectionCandidates(asMerchant(), lumen, { locale: 'en-US', market: 'US' });
    const foreign = await listCollectionCandidates(asMerchant(), huaxia, { locale: 'en-US', market: 'CN' });
    expect(own.products.length).toBeGreaterThan(2);
    const picked = own.products.slice(0, 2).map((p) => p.id);
    const fields = { type: 'product_collection', 'title.zh-CN': '精选', 'title.en-US': 'Picks', enabled: 'on', 'responsive.desktop': 'on', 'responsive.mobile': 'on', 'theme.surface': 'default', 'theme.accent': 'primary', 'theme.density': 'comfortable' };

    const refused = await refusal(
      editDecorationDraft(asMerchant(), lumen, { expectedRevision: current.revision, edit: { kind: 'put', block: blockFromForm(form({ ...fields, products: [picked[0]!, foreign.products[0]!.id] }), randomUUID)!.block } }),
    );
    const shown = issuesForForm(refused.issues!, current.blocks.length, decorationText('en-US'), (p) => p);
    expect(shown.errors).toEqual({ products: 'A chosen product is no longer an active product of this store: untick it.' });

    const { draft, index } = await editDecorationDraft(asMerchant(), lumen, {
      expectedRevision: current.revision,
      edit: { kind: 'put', block: blockFromForm(form({ ...fields, products: picked }), randomUUID)!.block },
    });
    expect(index).toBe(current.blocks.length);
    const added = draft.blocks[index]!;
    expect(added.type).toBe('product_collection');
    expect(added.type === 'product_collection' && added.products.map((p) => [p.id, p.title])).toEqual(own.products.slice(0, 2).map((p) => [p.id, p.title]));
    expect(draft.changes.added).toEqual([{ id: added.id, type: 'product_collection' }]);
  });

  it('moves a block up and down and removes it; a move past the end saves nothing', async () => {
    const start = await getDecorationDraft(asMerchant(), lumen);
    const last = start.blocks.at(-1)!;
    const up = await editDecorationDraft(asMerchant(), lumen, { expectedRevision: start.revision, edit: { kind: 'move', blockId: last.id, by: -1 } });
    expect(up.draft.blocks.at(-2)!.id).toBe(last.id);
    expect(up.index).toBe(start.blocks.length - 2);
    const down = await editDecorationDraft(asMerchant(), lumen, { expectedRevision: up.draft.revision, edit: { kind: 'move', blockId: last.id, by: 1 } });
    expect(down.draft.blocks.map((b) => b.id)).toEqual(start.blocks.map((b) => b.id));
    const past = await editDecorationDraft(asMerchant(), lumen, { expectedRevision: down.draft.revision, edit: { kind: 'move', blockId: last.id, by: 1 } });
    expect(past.draft.revision).toBe(down.draft.revision);
    const removed = await editDecorationDraft(asMerchant(), lumen, { expectedRevision: down.draft.revision, edit: { kind: 'remove', blockId: last.id } });
    expect(removed.draft.blocks.map((b) => b.id)).toEqual(start.blocks.slice(0, -1).map((b) => b.id));
    expect(removed.draft.changes.removed).toEqual([]);
    // A block of another store's draft is not in this one.
    const theirs = (await getDecorationDraft(asMerchant(), huaxia)).blocks[0]!;
    const err = await refusal(editDecorationDraft(asMerchant(), lumen, { expectedRevision: removed.draft.revision, edit: { kind: 'remove', blockId: theirs.id } }));
    expect(err.code).toBe('validation_failed');
    expect((await getDecorationDraft(asMerchant(), huaxia)).blocks[0]!.id).toBe(theirs.id);
  });

  it('publishes the draft and rolls back as the merchant user, both in the audit trail, the history kept', async () => {
    const draft = await getDecorationDraft(asMerchant(), lumen);
    const before = draft.liveVersion!;
    const published = await publishDecorationDraft(asMerchant(), lumen, { expectedRevision: draft.revision, expectedVersion: before });
    expect(published.version).toBe(before + 1);
    // Publishing over a version the merchant has not seen is refused.
    expect((await refusal(rollbackDecoration(asMerchant(), lumen, { version: String(before), expectedVersion: before }))).code).toBe('decoration_version_conflict');
    const rolled = await rollbackDecoration(asMerchant(), lumen, { version: String(before), expectedVersion: before + 1 });
    expect(rolled).toMatchObject({ version: before + 2, restoredFromVersion: before, live: true });

    const trail = await readAuditTrail(asMerchant(), { merchantId: lumen.id, subject: { type: DECORATION_AUDIT_SUBJECT, id: lumen.id }, limit: 2 });
    expect(trail.entries.map((e) => [e.action, e.actorLabel, e.details.version])).toEqual([
      ['decoration.rolled_back', merchantUser.email, before + 2],
      ['decoration.published', merchantUser.email, before + 1],
    ]);
    expect(trail.entries[0]!.details.restoredFromVersion).toBe(before);
    // Nothing of it is in another store's trail.
    const theirs = await readAuditTrail(asMerchant(), { merchantId: huaxia.id, subject: { type: DECORATION_AUDIT_SUBJECT, id: lumen.id } });
    expect(theirs.entries).toEqual([]);
  });
});
