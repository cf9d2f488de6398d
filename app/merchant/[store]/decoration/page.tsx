import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { ConsoleForm, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { StatusBadge } from '@/components/merchant/status-badge';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { isServiceError } from '@/lib/core/errors';
import { publicBaseUrl } from '@/lib/core/media-urls';
import { COLLECTION_CANDIDATES_MAX, listCollectionCandidates } from '@/lib/decoration/collection-candidates';
import { getDecorationDraft } from '@/lib/decoration/decoration-draft';
import { createDecorationPreview } from '@/lib/decoration/preview-decoration';
import { type DecorationBlock, DecorationBlockType } from '@/lib/decoration/schemas';
import { inLocale } from '@/lib/schemas/common';
import { consoleRequest } from '../console';
import { arrangeBlockAction, publishAction } from './actions';
import { BlockEditor } from './block-editor';
import { issueMessage } from './block-form';
import type { PickerProduct } from './fields';
import { issuePlace, studioHref } from './studio';
import { type DecorationText, decorationText } from './text';
import './decoration.css';

export const dynamic = 'force-dynamic';

/** How long the studio's preview link works: long enough to share for a day. */
const PREVIEW_TTL_SECONDS = 24 * 3600;

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** A block's one-line summary in the list: its main text in the console's language. */
function blockSummary(block: DecorationBlock, locale: 'zh-CN' | 'en-US'): string {
  switch (block.type) {
    case 'brand_hero':
    case 'product_collection':
      return inLocale(block.title, locale);
    case 'notice':
      return inLocale(block.text, locale);
    case 'image_banner':
      return inLocale(block.alt, locale);
  }
}

function visibilityBadges(block: DecorationBlock, t: DecorationText) {
  const badges: string[] = [];
  if (!block.enabled) badges.push(t.disabled);
  if (block.responsive.desktop && !block.responsive.mobile) badges.push(t.desktopOnly);
  if (!block.responsive.desktop && block.responsive.mobile) badges.push(t.phoneOnly);
  if (!block.responsive.desktop && !block.responsive.mobile) badges.push(t.nowhere);
  return badges;
}

/**
 * The decoration studio: the store's draft as forms, one per block (add, edit, move, remove),
 * saved as revisions through the API's services and schema; the saved draft previewed beside it
 * with the storefront's own page, at desktop or phone width; publish; a link to the history.
 */
export default async function DecorationStudioPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Query> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const q = await searchParams;
  const t = decorationText(locale);
  const merchant = await getMerchantByIdOrThrow(ctx.db, store.merchantId);
  const draft = await getDecorationDraft(ctx, merchant);
  const candidates = await listCollectionCandidates(ctx, merchant, { locale, market: draft.market });

  // The saved draft on the storefront's own page, through a signed link (none while it has issues).
  let preview: { path: string; url: string; expiresAt: string } | null = null;
  if (draft.issues.length === 0) {
    try {
      const link = await createDecorationPreview(ctx, { merchant, draft: { locale: draft.locale, market: draft.market, blocks: draft.blocks }, ttlSeconds: PREVIEW_TTL_SECONDS });
      preview = { path: `${link.path}&locale=${locale}`, url: new URL(link.path, publicBaseUrl()).href, expiresAt: link.expiresAt };
    } catch (err) {
      if (!isServiceError(err)) throw err;
    }
  }

  const known = new Map(candidates.products.map((p) => [p.id, p]));
  const pickerFor = (block?: DecorationBlock): PickerProduct[] => {
    const chosen = block?.type === 'product_collection' ? block.products : [];
    const chosenIds = new Set(chosen.map((p) => p.id));
    return [
      ...chosen.map((p) => {
        const c = known.get(p.id);
        return { id: p.id, title: c?.title ?? p.title, note: c ? (c.soldInMarket ? undefined : t.fields.notSold) : undefined };
      }),
      ...candidates.products.filter((p) => !chosenIds.has(p.id)).map((p) => ({ id: p.id, title: p.title, note: p.soldInMarket ? undefined : t.fields.notSold })),
    ];
  };
  const productsNote = candidates.total > COLLECTION_CANDIDATES_MAX ? t.fields.productsMore(candidates.products.length, candidates.total) : undefined;

  const published = one(q.published);
  const savedBlock = one(q.saved);
  const movedBlock = one(q.moved);
  const removed = one(q.removed);
  const canPublish = draft.source === 'draft' && draft.unpublishedChanges && draft.issues.length === 0;
  const nextVersion = (draft.liveVersion ?? 0) + 1;
  const blockName = (block: DecorationBlock, i: number) => t.blockNumber(i + 1, t.kinds[block.type]);

  return (
    <>
      <div className="dst-head">
        <h1 className="mcc-title">{t.title}</h1>
        <a className="mcc-button mcc-button-quiet" href={studioHref(store.slug, { page: 'history' })}>
          {t.historyLink}
        </a>
      </div>
      {(published || removed) && (
        <p className="mcc-notice" role="status" data-testid="studio-notice">
          {published ? t.published(Number(published)) : t.removed}
        </p>
      )}

      <section className="mcc-card dst-status" aria-labelledby="dst-status-title" data-testid="draft-status">
        <h2 id="dst-status-title" className="mcc-h2">
          {t.status}
        </h2>
        <div className="dst-badges">
          <StatusBadge tone={draft.unpublishedChanges ? 'warning' : 'success'} label={draft.unpublishedChanges ? t.unpublished : t.upToDate} />
          <span>{t.source[draft.source]}</span>
          <span data-testid="draft-revision">{t.revision(draft.revision)}</span>
          {draft.updatedAt && <span className="mcc-muted">{t.savedAt(consoleTime(draft.updatedAt, locale, store.timeZone))}</span>}
          <span data-testid="live-version">{t.liveVersion(draft.liveVersion)}</span>
        </div>
        {draft.issues.length > 0 && (
          <div className="mcc-alert" role="alert">
            <p className="dst-strong">{t.issuesTitle}</p>
            <ul>
              {draft.issues.map((issue, i) => (
                <li key={i}>{t.issueAt(issuePlace(issue.path, draft.blocks, t), issueMessage(issue, null, t))}</li>
              ))}
            </ul>
          </div>
        )}
        {canPublish ? (
          <ConfirmDialog label={t.publish} question={t.publishQuestion(nextVersion)} testId="publish">
            <ConsoleForm action={publishAction} label={t.publish}>
              <input type="hidden" name="store" value={store.slug} />
              <input type="hidden" name="revision" value={draft.revision} />
              <input type="hidden" name="liveVersion" value={draft.liveVersion ?? 0} />
              <ConfirmedField />
              <div className="mcc-actions">
                <SubmitButton tone="danger">{t.publishConfirm}</SubmitButton>
              </div>
            </ConsoleForm>
          </ConfirmDialog>
        ) : (
          draft.source !== 'draft' && <p className="mcc-muted">{t.publishHint}</p>
        )}
      </section>

      <div className="dst-layout">
        <section className="dst-blocks" aria-labelledby="dst-blocks-title">
          <h2 id="dst-blocks-title" className="mcc-h2">
            {t.blocksTitle}
          </h2>
          <p className="mcc-muted">{t.blocksHint}</p>
          {draft.blocks.length === 0 ? (
            <div className="mcc-card">
              <EmptyState title={t.noBlocks} body={t.noBlocksHint} />
            </div>
          ) : (
            <ol className="dst-block-list">
              {draft.blocks.map((block, i) => {
                const name = blockName(block, i);
                const summary = blockSummary(block, locale);
                return (
                  <li key={`${block.id}-${draft.revision}`} id={`block-${block.id}`} className="mcc-card dst-block" data-testid="block" data-block-type={block.type}>
                    <div className="dst-block-head">
                      <h3 className="dst-block-title">{name}</h3>
                      {visibilityBadges(block, t).map((b) => (
                        <StatusBadge key={b} tone="neutral" label={b} />
                      ))}
                    </div>
                    {summary && <p className="dst-summary">{summary}</p>}
                    {(savedBlock === block.id || movedBlock === block.id) && (
                      <p className="mcc-notice" role="status" data-testid="block-notice">
                        {savedBlock === block.id ? t.saved : t.moved}
                      </p>
                    )}
                    <div className="mcc-actions">
                      {(['up', 'down'] as const).map((op) => {
                        const edge = op === 'up' ? i === 0 : i === draft.blocks.length - 1;
                        if (edge) return null;
                        return (
                          <ConsoleForm key={op} action={arrangeBlockAction} className="dst-inline-form">
                            <input type="hidden" name="store" value={store.slug} />
                            <input type="hidden" name="revision" value={draft.revision} />
                            <input type="hidden" name="blockId" value={block.id} />
                            <input type="hidden" name="op" value={op} />
                            <SubmitButton tone="quiet">
                              <span aria-hidden="true">{op === 'up' ? '↑ ' : '↓ '}</span>
                              {op === 'up' ? t.moveUp : t.moveDown}
                              <span className="dst-sr"> ({name})</span>
                            </SubmitButton>
                          </ConsoleForm>
                        );
                      })}
                      <ConfirmDialog label={t.remove} question={t.removeQuestion(name)} testId="remove-block">
                        <ConsoleForm action={arrangeBlockAction} label={t.removeLabel(name)}>
                          <input type="hidden" name="store" value={store.slug} />
                          <input type="hidden" name="revision" value={draft.revision} />
                          <input type="hidden" name="blockId" value={block.id} />
                          <input type="hidden" name="op" value="remove" />
                          <ConfirmedField />
                          <div className="mcc-actions">
                            <SubmitButton tone="danger">{t.removeConfirm}</SubmitButton>
                          </div>
                        </ConsoleForm>
                      </ConfirmDialog>
                    </div>
                    <details className="dst-edit">
                      <summary className="mcc-button mcc-button-quiet">{t.editLabel(name)}</summary>
                      <BlockEditor
                        t={t}
                        storeSlug={store.slug}
                        revision={draft.revision}
                        index={i}
                        type={block.type}
                        block={block}
                        products={block.type === 'product_collection' ? pickerFor(block) : undefined}
                        productsNote={productsNote}
                        label={t.editLabel(name)}
                      />
                    </details>
                  </li>
                );
              })}
            </ol>
          )}

          <section className="mcc-card dst-add" aria-labelledby="dst-add-title">
            <h2 id="dst-add-title" className="mcc-h2">
              {t.addTitle}
            </h2>
            {DecorationBlockType.options.map((type) => (
              <details key={`${type}-${draft.revision}`} className="dst-edit" data-testid={`add-${type}`}>
                <summary className="mcc-button mcc-button-quiet">{t.addKind(t.kinds[type])}</summary>
                <p className="mcc-muted">{t.kindHints[type]}</p>
                <BlockEditor
                  t={t}
                  storeSlug={store.slug}
                  revision={draft.revision}
                  index={draft.blocks.length}
                  type={type}
                  products={type === 'product_collection' ? pickerFor() : undefined}
                  productsNote={productsNote}
                  label={t.addKind(t.kinds[type])}
                />
              </details>
            ))}
          </section>
        </section>

        <section className="mcc-card dst-preview" aria-labelledby="dst-preview-title" data-testid="preview">
          <h2 id="dst-preview-title" className="mcc-h2">
            {t.preview}
          </h2>
          <p className="mcc-muted">{t.previewHint}</p>
          {preview ? (
            <>
              <fieldset className="dst-widths">
                <legend>{t.previewWidth}</legend>
                <input type="radio" id="dst-width-desktop" name="dst-width" value="desktop" defaultChecked />
                <label htmlFor="dst-width-desktop">{t.desktop}</label>
                <input type="radio" id="dst-width-phone" name="dst-width" value="phone" />
                <label htmlFor="dst-width-phone">{t.phone}</label>
              </fieldset>
              <div className="dst-frame">
                <iframe src={preview.path} title={t.previewFrame} data-testid="preview-frame" />
              </div>
              <div className="mcc-field dst-share">
                <label htmlFor="dst-share-link">{t.shareTitle}</label>
                <p id="dst-share-hint" className="mcc-hint">
                  {t.shareHint(consoleTime(preview.expiresAt, locale, store.timeZone))}
                </p>
                <input id="dst-share-link" type="url" readOnly value={preview.url} aria-describedby="dst-share-hint" data-testid="share-link" />
                <a href={preview.path} target="_blank" rel="noopener">
                  {t.openPreview}
                </a>
              </div>
            </>
          ) : (
            <p className="mcc-muted">{t.previewUnavailable}</p>
          )}
        </section>
      </div>
    </>
  );
}
