import { notFound } from 'next/navigation';
import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { StatusBadge } from '@/components/merchant/status-badge';
import { getStoreProduct } from '@/lib/catalog/get-store-product';
import { isServiceError } from '@/lib/core/errors';
import { listProductMedia } from '@/lib/media/list-product-media';
import { inLocale } from '@/lib/schemas/common';
import { consoleRequest } from '../../console';
import { archiveProductAction, deleteMediaAction, deleteProductAction, moveMediaAction, saveAltAction, saveProductAction, saveVariantImagesAction, unarchiveProductAction } from '../actions';
import { editorProduct } from '../editor-data';
import { editorContext } from '../editor-props';
import { statusTone, variantName } from '../labels';
import { MediaOrder } from '../media-order';
import { ProductEditor } from '../product-editor';
import { productsText } from '../text';
import { UploadPreview } from '../upload-preview';
import '../products.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/**
 * One product of the store in the editor, at the version read now (a save from an older version
 * is refused beside the form); its images below (upload, alt text in both languages, order by
 * buttons or by dragging, removal, the picture each variant shows); archive, unarchive and
 * delete; and a link to it in the store.
 */
export default async function ProductPage({ params, searchParams }: { params: Promise<{ store: string; productId: string }>; searchParams: Promise<Query> }) {
  const { store: slug, productId } = await params;
  const request = await consoleRequest(slug);
  const { ctx, store, locale } = request;
  const t = productsText(locale);
  if (!/^[0-9a-f-]{36}$/i.test(productId)) notFound();
  const product = await getStoreProduct(ctx, { merchantId: store.merchantId, productId }).catch((err: unknown) => {
    if (isServiceError(err) && err.code === 'product_not_found') notFound();
    throw err;
  });
  const [editor, media] = await Promise.all([editorContext(request), listProductMedia(ctx, { merchantId: store.merchantId, productId })]);
  const q = await searchParams;
  const base = `/merchant/${encodeURIComponent(store.slug)}/products`;
  const here = `${base}/${product.id}`;
  const storeUrl = `/stores/${encodeURIComponent(store.slug)}/products/${encodeURIComponent(product.handle)}`;
  const title = inLocale(product.title, locale) || product.handle;
  const mediaError = one(q.mediaError);
  const hidden = (
    <>
      <input type="hidden" name="store" value={store.slug} />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="expectedVersion" value={product.version} />
    </>
  );
  return (
    <>
      <a className="mi-back mp-back" href={base}>
        ← {t.backToProducts}
      </a>
      <div className="mp-head">
        <h1 className="mcc-title" data-testid="product-title">
          {title} <StatusBadge tone={statusTone[product.status]} label={t.statuses[product.status]} />
        </h1>
        <div className="mcc-actions">
          <span className="mcc-muted" data-testid="product-version">
            {t.version(product.version)} · {t.lastSaved(consoleTime(product.updatedAt, locale, store.timeZone))}
          </span>
          <a className="mcc-button mcc-button-quiet" href={storeUrl} target="_blank" rel="noopener" data-testid="view-in-store">
            {product.status === 'active' ? t.viewInStore : t.viewInStoreDraft}
          </a>
        </div>
      </div>
      {(one(q.saved) || one(q.created)) && (
        <p className="mcc-notice" role="status" data-testid="saved-notice">
          {one(q.created) ? t.created : t.saved}
        </p>
      )}
      {one(q.stock) === 'refused' && (
        <p className="mcc-alert" role="alert">
          {t.stockRefused}
        </p>
      )}
      {product.previousHandles.length > 0 && <p className="mcc-muted">{t.previousHandles(product.previousHandles.join(', '))}</p>}
      <ConsoleForm key={product.version} action={saveProductAction} testId="product-form" label={title}>
        <input type="hidden" name="store" value={store.slug} />
        <ProductEditor {...editor} product={editorProduct(product)} submitLabel={t.save} />
      </ConsoleForm>

      <section className="mcc-card" aria-labelledby="images-title" id="images">
        <h2 id="images-title" className="mcc-h2">
          {t.sections.media}
        </h2>
        <p className="mcc-hint">{t.mediaHint}</p>
        {one(q.media) === 'added' && (
          <p className="mcc-notice" role="status" data-testid="media-notice">
            {t.uploaded}
          </p>
        )}
        {media.items.length === 0 ? (
          <EmptyState title={t.noMedia} />
        ) : (
          <MediaOrder
            locale={locale}
            store={store.slug}
            productId={product.id}
            items={media.items.map((m, i) => ({
              id: m.id,
              picture: <img src={m.thumbnailUrl ?? m.url} alt={t.imageAlt(i + 1, inLocale(m.alt, locale))} width={160} height={160} draggable={false} />,
              body: (
                <div className="mcc-form">
                  <p className="mcc-muted">
                    {t.imageNumber(i + 1)}
                    {i === 0 && ` · ${t.mainImage}`}
                  </p>
                  <div className="mp-media-actions">
                    <ConsoleForm action={moveMediaAction} className="mp-inline-form" label={t.moveUpNamed(i + 1)}>
                      {hidden}
                      <input type="hidden" name="mediaId" value={m.id} />
                      <input type="hidden" name="direction" value="up" />
                      {i > 0 && <MoveButton label={t.moveUp} name={t.moveUpNamed(i + 1)} testId="move-up" />}
                    </ConsoleForm>
                    <ConsoleForm action={moveMediaAction} className="mp-inline-form" label={t.moveDownNamed(i + 1)}>
                      {hidden}
                      <input type="hidden" name="mediaId" value={m.id} />
                      <input type="hidden" name="direction" value="down" />
                      {i < media.items.length - 1 && <MoveButton label={t.moveDown} name={t.moveDownNamed(i + 1)} testId="move-down" />}
                    </ConsoleForm>
                    <ConfirmDialog label={t.removeImage} question={t.removeImageQuestion} testId="remove-image">
                      <ConsoleForm action={deleteMediaAction} className="mp-inline-form">
                        {hidden}
                        <input type="hidden" name="mediaId" value={m.id} />
                        <ConfirmedField />
                        <SubmitButton tone="danger">{t.removeImage}</SubmitButton>
                      </ConsoleForm>
                    </ConfirmDialog>
                  </div>
                  <ConsoleForm action={saveAltAction} label={t.saveAlt} testId="alt-form">
                    {hidden}
                    <input type="hidden" name="mediaId" value={m.id} />
                    <div className="mp-side-by-side">
                      <FormField name="alt.en-US" label={t.altEn} defaultValue={m.alt['en-US']} maxLength={300} />
                      <FormField name="alt.zh-CN" label={t.altZh} defaultValue={m.alt['zh-CN']} maxLength={300} />
                    </div>
                    <div className="mcc-actions">
                      <SubmitButton tone="quiet">{t.saveAlt}</SubmitButton>
                    </div>
                  </ConsoleForm>
                </div>
              ),
            }))}
          />
        )}
        {media.items.some((m) => m.kind === 'image') && (
          <ConsoleForm action={saveVariantImagesAction} testId="variant-images-form" label={t.variantImages}>
            <h3 className="mcc-h2">{t.variantImages}</h3>
            <p className="mcc-hint">{t.variantImagesHint}</p>
            <input type="hidden" name="store" value={store.slug} />
            <input type="hidden" name="productId" value={product.id} />
            <div className="mp-side-by-side">
              {product.variants.map((v) => {
                const name = variantName(product, v.optionValues, locale) || t.defaultVariant;
                const chosen = media.items.find((m) => m.skuIds.includes(v.id))?.id ?? '';
                return (
                  <SelectField
                    key={v.id}
                    name={`image.${v.id}`}
                    label={t.variantImageLabel(name)}
                    defaultValue={chosen}
                    options={[
                      { value: '', label: t.variantImageAuto },
                      ...media.items.flatMap((m, i) => (m.kind === 'image' ? [{ value: m.id, label: t.variantImageOption(i + 1, inLocale(m.alt, locale)) }] : [])),
                    ]}
                  />
                );
              })}
            </div>
            <div className="mcc-actions">
              <SubmitButton tone="quiet">{t.saveVariantImages}</SubmitButton>
            </div>
          </ConsoleForm>
        )}
        {media.items.length < media.maxItems && (
          <form className="mcc-form mp-upload" method="post" action={`${here}/media`} encType="multipart/form-data" data-testid="upload-form" aria-labelledby="upload-title">
            <h3 id="upload-title" className="mcc-h2">
              {t.upload}
            </h3>
            <UploadPreview label={t.file} hint={t.mediaHint} error={mediaError ? (t.mediaErrors[mediaError] ?? t.mediaErrors.failed) : undefined} />
            <div className="mp-side-by-side">
              <div className="mcc-field">
                <label htmlFor="upload-alt-en">{t.altEn}</label>
                <p id="upload-alt-hint" className="mcc-hint">
                  {t.altHint}
                </p>
                <input id="upload-alt-en" name="alt.en-US" maxLength={300} aria-describedby="upload-alt-hint" data-testid="upload-alt-en" />
              </div>
              <div className="mcc-field">
                <label htmlFor="upload-alt-zh">{t.altZh}</label>
                <input id="upload-alt-zh" name="alt.zh-CN" maxLength={300} aria-describedby="upload-alt-hint" data-testid="upload-alt-zh" />
              </div>
            </div>
            <div className="mcc-actions">
              <button type="submit" className="mcc-button" data-testid="upload-submit">
                {t.upload}
              </button>
            </div>
          </form>
        )}
      </section>

      <section className="mcc-card" aria-labelledby="lifecycle-title">
        <h2 id="lifecycle-title" className="mcc-h2">
          {t.sections.status}
        </h2>
        <div className="mcc-actions">
          {product.status === 'archived' ? (
            <ConsoleForm action={unarchiveProductAction} className="mp-inline-form" testId="unarchive-form">
              {hidden}
              <SubmitButton tone="quiet">{t.unarchive}</SubmitButton>
            </ConsoleForm>
          ) : (
            <ConfirmDialog label={t.archive} question={t.archiveQuestion} testId="archive">
              <ConsoleForm action={archiveProductAction} className="mp-inline-form" testId="archive-form">
                {hidden}
                <SubmitButton tone="danger">{t.archive}</SubmitButton>
              </ConsoleForm>
            </ConfirmDialog>
          )}
          <ConfirmDialog label={t.delete} question={t.deleteQuestion} testId="delete">
            <ConsoleForm action={deleteProductAction} className="mp-inline-form">
              {hidden}
              <ConfirmedField />
              <SubmitButton tone="danger">{t.delete}</SubmitButton>
            </ConsoleForm>
          </ConfirmDialog>
        </div>
      </section>
    </>
  );
}

function MoveButton({ label, name, testId }: { label: string; name: string; testId: string }) {
  return (
    <button type="submit" className="mcc-button mcc-button-quiet" aria-label={name} data-testid={testId}>
      {label}
    </button>
  );
}
