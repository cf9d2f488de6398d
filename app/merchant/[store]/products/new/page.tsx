import { ConsoleForm } from '@/components/merchant/console-form';
import { consoleRequest } from '../../console';
import { saveProductAction } from '../actions';
import { editorProduct } from '../editor-data';
import { editorContext } from '../editor-props';
import { ProductEditor } from '../product-editor';
import { productsText } from '../text';
import '../products.css';

export const dynamic = 'force-dynamic';

/** A new product: the editor empty, a draft until the merchant sets it active. Images are added once it is saved. */
export default async function NewProductPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const request = await consoleRequest(slug);
  const { store, locale } = request;
  const t = productsText(locale);
  const editor = await editorContext(request);
  const base = `/merchant/${encodeURIComponent(store.slug)}/products`;
  return (
    <>
      <a className="mi-back mp-back" href={base}>
        ← {t.backToProducts}
      </a>
      <h1 className="mcc-title">{t.newTitle}</h1>
      <ConsoleForm action={saveProductAction} testId="product-form" label={t.newTitle}>
        <input type="hidden" name="store" value={store.slug} />
        <ProductEditor {...editor} product={editorProduct(null)} submitLabel={t.create} />
      </ConsoleForm>
      <section className="mcc-card" aria-labelledby="images-title">
        <h2 id="images-title" className="mcc-h2">
          {t.sections.media}
        </h2>
        <p className="mcc-muted">{t.mediaNeedsSave}</p>
      </section>
    </>
  );
}
