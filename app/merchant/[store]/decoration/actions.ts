'use server';

import { randomUUID } from 'node:crypto';
import { redirect } from 'next/navigation';
import type { FormState } from '@/components/merchant/console-form';
import { consoleText } from '@/components/merchant/text';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { isServiceError } from '@/lib/core/errors';
import { readCurrentDraft } from '@/lib/decoration/decoration-draft';
import { type DraftEdit, editDecorationDraft } from '@/lib/decoration/edit-decoration-draft';
import { publishDecorationDraft } from '@/lib/decoration/publish-decoration-draft';
import { rollbackDecoration } from '@/lib/decoration/rollback-decoration';
import { consoleRequest } from '../console';
import { blockFromForm, formValues, issuesForForm } from './block-form';
import { issuePlace, studioHref } from './studio';
import { decorationText } from './text';

/*
 * The studio's Server Actions (Next refuses a Server Action posted from another origin: the
 * console's CSRF protection). Each acts as the signed-in merchant user on a store they belong to
 * (another store's slug is the 404 page), through the same services and schema as the API, and
 * every change is in the audit trail under their name. A success goes back to the studio, so
 * every form on it and the preview show the new revision.
 */

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
const intField = (form: FormData, name: string) => {
  const v = str(form, name);
  return /^[0-9]{1,15}$/.test(v) ? Number(v) : undefined;
};

async function studioRequest(form: FormData) {
  const request = await consoleRequest(str(form, 'store'));
  const merchant = await getMerchantByIdOrThrow(request.ctx.db, request.store.merchantId);
  return { ...request, merchant, t: decorationText(request.locale) };
}

/** A refused change as the form shows it: a conflict, or the schema's issues next to their fields. */
async function refusal(err: unknown, r: Awaited<ReturnType<typeof studioRequest>>, index: number, form: FormData): Promise<FormState> {
  if (!isServiceError(err)) throw err;
  const { t } = r;
  const values = formValues(form);
  if (err.code === 'decoration_draft_conflict') return { message: t.errors.conflict(Number(err.details?.revision ?? 0)), values };
  if (err.code === 'decoration_version_conflict') return { message: t.errors.versionConflict(Number(err.details?.liveVersion ?? 0)) };
  if (err.code === 'decoration_not_publishable') return { message: t.errors.notPublishable };
  if (err.code === 'decoration_draft_not_found') return { message: t.errors.noDraft };
  if (err.code === 'validation_failed') {
    const { blocks } = await readCurrentDraft(r.ctx, r.merchant);
    const { errors, message } = issuesForForm(err.issues ?? [], index, t, (path) => issuePlace(path, blocks, t));
    return { errors, message: message ?? consoleText(r.locale).formFailed, values };
  }
  throw err;
}

/** Saves one block's form (a new block is added at the end). */
export async function saveBlockAction(_previous: FormState, form: FormData): Promise<FormState> {
  const r = await studioRequest(form);
  const parsed = blockFromForm(form, randomUUID);
  if (!parsed) return { message: r.t.errors.invalid };
  const id = String(parsed.block.id);
  try {
    await editDecorationDraft(r.ctx, r.merchant, { expectedRevision: intField(form, 'revision') ?? -1, edit: { kind: 'put', block: parsed.block } });
  } catch (err) {
    return refusal(err, r, intField(form, 'index') ?? -1, form);
  }
  redirect(studioHref(r.store.slug, { query: { saved: id }, block: id }));
}

/** Moves a block a place up or down, or removes it (the removal is confirmed first). */
export async function arrangeBlockAction(_previous: FormState, form: FormData): Promise<FormState> {
  const r = await studioRequest(form);
  const { ctx, store, merchant, t } = r;
  const blockId = str(form, 'blockId');
  const op = str(form, 'op');
  let edit: DraftEdit;
  if (op === 'up' || op === 'down') edit = { kind: 'move', blockId, by: op === 'up' ? -1 : 1 };
  else if (op === 'remove' && form.get('confirm') === 'yes') edit = { kind: 'remove', blockId };
  else return { message: t.errors.invalid };
  try {
    await editDecorationDraft(ctx, merchant, { expectedRevision: intField(form, 'revision') ?? -1, edit });
  } catch (err) {
    return refusal(err, r, -1, form);
  }
  redirect(edit.kind === 'remove' ? studioHref(store.slug, { query: { removed: '1' } }) : studioHref(store.slug, { query: { moved: blockId }, block: blockId }));
}

/** Publishes the saved draft, exactly the revision and over the live version the merchant saw (confirmed first). */
export async function publishAction(_previous: FormState, form: FormData): Promise<FormState> {
  const r = await studioRequest(form);
  const { ctx, store, merchant, t } = r;
  if (form.get('confirm') !== 'yes') return { message: t.errors.invalid };
  let version: number;
  try {
    const published = await publishDecorationDraft(ctx, merchant, { expectedRevision: intField(form, 'revision'), expectedVersion: intField(form, 'liveVersion') ?? 0 });
    version = published.version;
  } catch (err) {
    return refusal(err, r, -1, form);
  }
  redirect(studioHref(store.slug, { query: { published: String(version) } }));
}

/** Rolls back to an earlier version by publishing a copy of it (confirmed first). */
export async function rollbackAction(_previous: FormState, form: FormData): Promise<FormState> {
  const r = await studioRequest(form);
  const { ctx, store, merchant, t } = r;
  if (form.get('confirm') !== 'yes') return { message: t.errors.invalid };
  const target = intField(form, 'version');
  if (!target) return { message: t.errors.invalid };
  let version: number;
  try {
    const published = await rollbackDecoration(ctx, merchant, { version: String(target), expectedVersion: intField(form, 'liveVersion') ?? 0 });
    version = published.version;
  } catch (err) {
    if (isServiceError(err) && err.code === 'decoration_version_not_found') return { message: t.errors.invalid };
    return refusal(err, r, -1, form);
  }
  redirect(studioHref(store.slug, { page: 'history', query: { rolledBack: String(version), from: String(target) } }));
}
