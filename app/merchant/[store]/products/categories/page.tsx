import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { listStoreCategoryTree } from '@/lib/catalog/store-categories';
import { descendantsOf } from '@/lib/catalog/store-category-tree';
import { inLocale } from '@/lib/schemas/common';
import { consoleRequest } from '../../console';
import { categoryLabel } from '../labels';
import { productsText } from '../text';
import { createCategoryAction, deleteCategoryAction, moveCategoryAction, updateCategoryAction } from './actions';
import '../products.css';

export const dynamic = 'force-dynamic';

/** The store's category tree: create, rename in both languages, move under another, order among siblings, delete when empty. */
export default async function CategoriesPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = productsText(locale);
  const { data } = await listStoreCategoryTree(ctx, { merchantId: store.merchantId });
  const base = `/merchant/${encodeURIComponent(store.slug)}/products`;
  const parents = [{ value: '', label: t.root }, ...data.map((c) => ({ value: c.id, label: categoryLabel(c, locale) }))];
  return (
    <>
      <a className="mi-back mp-back" href={base}>
        ← {t.backToProducts}
      </a>
      <h1 className="mcc-title">{t.categoriesTitle}</h1>
      <p className="mcc-muted">{t.categoriesIntro}</p>
      <section className="mcc-card" aria-labelledby="new-category">
        <h2 id="new-category" className="mcc-h2">
          {t.newCategory}
        </h2>
        <ConsoleForm action={createCategoryAction} testId="create-category">
          <input type="hidden" name="store" value={store.slug} />
          <div className="mp-side-by-side">
            <FormField name="name.en-US" label={t.nameEn} maxLength={80} />
            <FormField name="name.zh-CN" label={t.nameZh} maxLength={80} />
          </div>
          <SelectField name="parentId" label={t.parent} defaultValue="" options={parents} />
          <div className="mcc-actions">
            <SubmitButton>{t.createCategory}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>
      <section className="mcc-card" aria-labelledby="category-tree">
        <h2 id="category-tree" className="mcc-h2">
          {t.categoriesTitle}
        </h2>
        {data.length === 0 ? (
          <EmptyState title={t.noCategoriesYet} body={t.noCategoriesHint} />
        ) : (
          <ul className="mp-tree" data-testid="category-tree">
            {data.map((c) => {
              const name = inLocale(c.name, locale);
              const siblings = data.filter((s) => s.parentId === c.parentId);
              const at = siblings.findIndex((s) => s.id === c.id);
              const excluded = descendantsOf(data, c.id);
              const hidden = (
                <>
                  <input type="hidden" name="store" value={store.slug} />
                  <input type="hidden" name="categoryId" value={c.id} />
                  <input type="hidden" name="expectedVersion" value={c.version} />
                </>
              );
              return (
                <li key={c.id} style={{ marginInlineStart: `${c.depth * 24}px` }} data-testid="category" data-name={c.name['en-US']}>
                  <div className="mp-tree-head">
                    <strong>{name}</strong>
                    <span className="mcc-muted">{t.productCount(c.productCount)}</span>
                    {at > 0 && (
                      <ConsoleForm action={moveCategoryAction} className="mp-inline-form">
                        {hidden}
                        <input type="hidden" name="position" value={at - 1} />
                        <button type="submit" className="mcc-button mcc-button-quiet" aria-label={t.moveUpCategory(name)}>
                          ↑
                        </button>
                      </ConsoleForm>
                    )}
                    {at < siblings.length - 1 && (
                      <ConsoleForm action={moveCategoryAction} className="mp-inline-form">
                        {hidden}
                        <input type="hidden" name="position" value={at + 1} />
                        <button type="submit" className="mcc-button mcc-button-quiet" aria-label={t.moveDownCategory(name)}>
                          ↓
                        </button>
                      </ConsoleForm>
                    )}
                  </div>
                  <details className="mp-edit">
                    <summary>{t.editCategory(name)}</summary>
                    <ConsoleForm action={updateCategoryAction} testId="edit-category">
                      {hidden}
                      <div className="mp-side-by-side">
                        <FormField name="name.en-US" label={t.nameEn} defaultValue={c.name['en-US']} maxLength={80} />
                        <FormField name="name.zh-CN" label={t.nameZh} defaultValue={c.name['zh-CN']} maxLength={80} />
                      </div>
                      <SelectField name="parentId" label={t.moveTo} defaultValue={c.parentId ?? ''} options={parents.filter((p) => p.value !== c.id && !excluded.has(p.value))} />
                      <div className="mcc-actions">
                        <SubmitButton tone="quiet">{t.rename}</SubmitButton>
                      </div>
                    </ConsoleForm>
                  </details>
                  <ConfirmDialog label={t.deleteCategory} question={t.deleteCategoryQuestion} testId="delete-category">
                    <ConsoleForm action={deleteCategoryAction} className="mp-inline-form">
                      {hidden}
                      <ConfirmedField />
                      <SubmitButton tone="danger">{t.deleteCategory}</SubmitButton>
                    </ConsoleForm>
                  </ConfirmDialog>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
