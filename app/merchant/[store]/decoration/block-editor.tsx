import { ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { DECORATION_LIMITS, type DecorationBlock, type DecorationBlockType, type DecorationMedia } from '@/lib/decoration/schemas';
import { saveBlockAction } from './actions';
import { LOCALES, textFields } from './block-form';
import { type PickerProduct, CheckboxField, ProductPicker, TextAreaField } from './fields';
import type { DecorationText } from './text';

type Props = {
  t: DecorationText;
  storeSlug: string;
  revision: number;
  /** Where the block is (or will be, for a new one) in the draft: the schema's issues name it so. */
  index: number;
  type: DecorationBlockType;
  /** The block as saved; absent for a new block. */
  block?: DecorationBlock;
  /** The store's products a collection may show (collections only). */
  products?: readonly PickerProduct[];
  productsNote?: string;
  label: string;
};

const options = (t: DecorationText, group: string, values: readonly string[]) => values.map((value) => ({ value, label: t.options[group]![value] ?? value }));

/**
 * One block as a form: its texts in both languages, media, link or products, visibility and
 * theme. Saving it saves the draft as its next revision; a stale revision or a value the
 * decoration schema refuses comes back with the message next to the field.
 */
export function BlockEditor({ t, storeSlug, revision, index, type, block, products = [], productsNote, label }: Props) {
  const f = t.fields;
  const texts = textFields[type];
  const textLabel = { title: f.title, description: f.description, text: f.text, alt: f.message } as const;
  const media: DecorationMedia | null | undefined = block && 'media' in block ? block.media : undefined;
  const path = block && 'path' in block ? (block.path ?? '') : '';
  return (
    <ConsoleForm action={saveBlockAction} label={label} className="mcc-form dst-editor" testId={`block-form-${type}`}>
      <input type="hidden" name="store" value={storeSlug} />
      <input type="hidden" name="revision" value={revision} />
      <input type="hidden" name="index" value={index} />
      <input type="hidden" name="type" value={type} />
      {block && <input type="hidden" name="blockId" value={block.id} />}
      <fieldset className="dst-fieldset">
        <legend>{f.texts}</legend>
        {texts.map((name) =>
          LOCALES.map((l) => {
            const value = block && name in block ? ((block as Record<string, unknown>)[name] as Record<string, string> | undefined)?.[l] ?? '' : '';
            const fieldLabel = f.inLanguage(textLabel[name], t.languages[l]);
            return name === 'description' || name === 'text' ? (
              <TextAreaField key={`${name}.${l}`} name={`${name}.${l}`} label={fieldLabel} defaultValue={value} maxLength={DECORATION_LIMITS.localizedText} />
            ) : (
              <FormField key={`${name}.${l}`} name={`${name}.${l}`} label={fieldLabel} defaultValue={value} maxLength={DECORATION_LIMITS.localizedText} />
            );
          }),
        )}
      </fieldset>
      {(type === 'notice' || type === 'image_banner') && <FormField name="path" label={f.path} hint={f.pathHint} defaultValue={path} maxLength={DECORATION_LIMITS.pathMax} />}
      {(type === 'brand_hero' || type === 'image_banner') && (
        <fieldset className="dst-fieldset">
          <legend>{f.media}</legend>
          {type === 'brand_hero' && <p className="mcc-hint">{f.mediaOptional}</p>}
          {media && <input type="hidden" name="media.id" value={media.id} />}
          <FormField name="media.url" label={f.mediaUrl} hint={f.mediaUrlHint} defaultValue={media?.url ?? ''} required={type === 'image_banner'} maxLength={2048} />
          <div className="mcc-form-row">
            <SelectField name="media.kind" label={f.mediaKind} defaultValue={media?.kind ?? 'image'} options={options(t, 'kind', ['image', 'video'])} />
            <FormField name="media.width" label={f.width} defaultValue={media?.width?.toString() ?? ''} inputMode="numeric" maxLength={9} />
            <FormField name="media.height" label={f.height} defaultValue={media?.height?.toString() ?? ''} inputMode="numeric" maxLength={9} />
          </div>
          <FormField name="media.alt" label={f.mediaAlt} defaultValue={media?.alt ?? ''} maxLength={DECORATION_LIMITS.mediaAlt} />
          <div className="mcc-form-row">
            <FormField name="media.thumbnailUrl" label={f.poster} defaultValue={media?.thumbnailUrl ?? ''} maxLength={2048} />
            <FormField name="media.durationSeconds" label={f.duration} defaultValue={media?.durationSeconds?.toString() ?? ''} inputMode="numeric" maxLength={9} />
          </div>
        </fieldset>
      )}
      {type === 'product_collection' && (
        <ProductPicker
          legend={f.products}
          hint={[f.productsHint(DECORATION_LIMITS.productsPerCollection), productsNote].filter(Boolean).join(' ')}
          products={products}
          chosen={block?.type === 'product_collection' ? block.products.map((p) => p.id) : []}
        />
      )}
      <fieldset className="dst-fieldset">
        <legend>{f.visibility}</legend>
        <CheckboxField name="enabled" label={f.enabled} defaultChecked={block?.enabled ?? true} />
        <CheckboxField name="responsive.desktop" label={f.desktop} defaultChecked={block?.responsive.desktop ?? true} />
        <CheckboxField name="responsive.mobile" label={f.mobile} defaultChecked={block?.responsive.mobile ?? true} />
      </fieldset>
      <fieldset className="dst-fieldset">
        <legend>{f.theme}</legend>
        <div className="mcc-form-row">
          <SelectField name="theme.surface" label={f.surface} defaultValue={block?.theme.surface ?? 'default'} options={options(t, 'surface', ['default', 'muted', 'elevated'])} />
          <SelectField name="theme.accent" label={f.accent} defaultValue={block?.theme.accent ?? 'primary'} options={options(t, 'accent', ['primary', 'neutral'])} />
          <SelectField name="theme.density" label={f.density} defaultValue={block?.theme.density ?? 'comfortable'} options={options(t, 'density', ['comfortable', 'compact'])} />
        </div>
      </fieldset>
      <div className="mcc-actions">
        <SubmitButton>{block ? t.save : t.add}</SubmitButton>
      </div>
    </ConsoleForm>
  );
}
