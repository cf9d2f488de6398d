'use client';

import { type ReactNode, useId, useMemo, useState } from 'react';
import { SubmitButton, useConsoleFormState } from '@/components/merchant/console-form';
import type { Currency, Locale } from '@/lib/schemas/common';
import { type EditorOption, type EditorVariant, MAX_EDITOR_OPTIONS, MAX_EDITOR_VARIANTS, combinationCount, combinations, emptyVariant, optionKeys, storedValue, suggestedCode } from './option-matrix';
import { productsText } from './text';

type Langs = { 'en-US': string; 'zh-CN': string };
const LANGS = ['en-US', 'zh-CN'] as const;

export type { EditorVariant };


export type EditorProduct = {
  id: string | null;
  version: number | null;
  handle: string;
  status: 'draft' | 'active' | 'archived';
  title: Langs;
  description: Langs;
  kind: 'physical' | 'digital';
  vendor: string;
  productType: string;
  tags: string;
  seo: { title: Langs; description: Langs };
  categoryIds: string[];
  /** The marketplace taxonomy's category slug ('' for none). */
  marketplaceCategory: string;
  options: EditorOption[];
  variants: EditorVariant[];
};

let uidSeq = 0;
const uid = () => `n${++uidSeq}`;
const HANDLE_FROM = (title: string) =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/**
 * The product form: both languages side by side, organisation, the search-engine listing with its
 * preview, options (up to 3) and the variant matrix built from their values as they are typed
 * with per-variant price, stock, barcode and weight (every input controlled, so a refused save
 * keeps everything), status. Field names are the ones product-form.ts reads; each refusal is
 * shown beside its field.
 */
export function ProductEditor(props: {
  locale: Locale;
  storeSlug: string;
  origin: string;
  currencies: Currency[];
  product: EditorProduct;
  categories: { id: string; label: string }[];
  /** The marketplace taxonomy (indented labels), for the product category. */
  taxonomy: { slug: string; label: string }[];
  submitLabel: string;
}) {
  const { locale, currencies, categories, taxonomy } = props;
  const t = productsText(locale);
  const state = useConsoleFormState();
  const err = (name: string) => state?.errors?.[name];
  const initial = props.product;
  const [p, setP] = useState(initial);
  const [handleTouched, setHandleTouched] = useState(initial.id !== null);
  const [options, setOptions] = useState<EditorOption[]>(initial.options);
  // Variant fields by combination of value uids, so renaming a value keeps its row.
  const [rows, setRows] = useState<Record<string, EditorVariant>>(() => {
    const byCombo: Record<string, EditorVariant> = {};
    for (const v of initial.variants) {
      const combo = initial.options.map((o) => o.values.find((x) => storedValue(x) === v.optionValues[o.key])?.uid ?? '?').join('|');
      byCombo[combo] = v;
    }
    return byCombo;
  });
  const set = <K extends keyof EditorProduct>(k: K, v: EditorProduct[K]) => setP((x) => ({ ...x, [k]: v }));
  const keys = optionKeys(options);
  const tooMany = combinationCount(options) > MAX_EDITOR_VARIANTS;
  const combos = useMemo(() => (tooMany ? [] : combinations(options)), [options, tooMany]);
  const valueOf = (valueUid: string) => {
    for (const [i, o] of options.entries()) {
      const v = o.values.find((x) => x.uid === valueUid);
      if (v) return { key: keys[i]!, value: storedValue(v), label: (locale === 'zh-CN' ? v['zh-CN'] || v['en-US'] : v['en-US'] || v['zh-CN']) || storedValue(v) };
    }
    return { key: '', value: '', label: '' };
  };
  const rowOf = (combo: string[]): EditorVariant => {
    const found = rows[combo.join('|')];
    if (found) return found;
    const single = options.length === 0 ? initial.variants[0] : undefined;
    return single ?? emptyVariant();
  };
  const setRow = (combo: string[], patch: Partial<EditorVariant>) => setRows((r) => ({ ...r, [combo.join('|')]: { ...rowOf(combo), ...patch } }));
  const setOption = (i: number, o: EditorOption) => setOptions((all) => all.map((x, j) => (j === i ? o : x)));

  const handle = handleTouched ? p.handle : HANDLE_FROM(p.title['en-US']) || p.handle;
  const handleChanged = initial.id !== null && handle !== initial.handle;

  return (
    <div className="mp-editor">
      {initial.id && <input type="hidden" name="productId" value={initial.id} />}
      {initial.version !== null && <input type="hidden" name="expectedVersion" value={initial.version} />}
      <input type="hidden" name="optionCount" value={options.length} />
      <input type="hidden" name="variantCount" value={combos.length} />

      <section className="mcc-card" aria-labelledby="ed-basics">
        <h2 id="ed-basics" className="mcc-h2">
          {t.sections.basics}
        </h2>
        <div className="mp-side-by-side">
          {LANGS.map((lang) => (
            <fieldset key={lang} className="mp-lang" lang={lang}>
              <legend>{lang === 'en-US' ? t.langEn : t.langZh}</legend>
              <Text name={`title.${lang}`} label={t.productTitle} value={p.title[lang]} error={err(`title.${lang}`)} maxLength={200} onChange={(v) => set('title', { ...p.title, [lang]: v })} testId={`title-${lang}`} />
              <Text
                name={`description.${lang}`}
                label={t.description}
                hint={t.descriptionHint}
                value={p.description[lang]}
                error={err(`description.${lang}`)}
                multiline
                onChange={(v) => set('description', { ...p.description, [lang]: v })}
                testId={`description-${lang}`}
              />
            </fieldset>
          ))}
        </div>
      </section>

      <section className="mcc-card" aria-labelledby="ed-org">
        <h2 id="ed-org" className="mcc-h2">
          {t.sections.organisation}
        </h2>
        <div className="mcc-form">
          <Text
            name="handle"
            label={t.handle}
            hint={t.handleHint}
            value={handle}
            error={err('handle')}
            maxLength={100}
            onChange={(v) => {
              setHandleTouched(true);
              set('handle', v);
            }}
            testId="handle"
          />
          {handleChanged && (
            <p className="mp-note" role="note" data-testid="handle-redirect-note">
              {t.handleRedirect(initial.handle)}
            </p>
          )}
          <div className="mcc-form-row">
            <Text name="vendor" label={t.vendor} value={p.vendor} error={err('vendor')} maxLength={80} onChange={(v) => set('vendor', v)} />
            <Text name="productType" label={t.productType} value={p.productType} error={err('productType')} maxLength={80} onChange={(v) => set('productType', v)} />
          </div>
          <Text name="tags" label={t.tags} hint={t.tagsHint} value={p.tags} error={err('tags')} onChange={(v) => set('tags', v)} />
          <Select name="kind" label={t.kind} value={p.kind} onChange={(v) => set('kind', v as EditorProduct['kind'])} options={(['physical', 'digital'] as const).map((k) => ({ value: k, label: t.kinds[k] }))} />
          <Select
            name="marketplaceCategory"
            label={t.marketplaceCategory}
            hint={t.marketplaceCategoryHint}
            error={err('marketplaceCategory')}
            value={p.marketplaceCategory}
            onChange={(v) => set('marketplaceCategory', v)}
            options={[{ value: '', label: t.noMarketplaceCategory }, ...taxonomy.map((c) => ({ value: c.slug, label: c.label }))]}
            testId="marketplace-category"
          />
          <fieldset className="mcc-field mp-lang" aria-describedby={err('categoryIds') ? 'ed-cat-err' : undefined}>
            <legend>{t.categories}</legend>
            {categories.length === 0 ? (
              <p className="mcc-hint">{t.noCategories}</p>
            ) : (
              <div className="mp-checks">
                {categories.map((c) => (
                  <label key={c.id}>
                    <input
                      type="checkbox"
                      name="categoryIds"
                      value={c.id}
                      checked={p.categoryIds.includes(c.id)}
                      onChange={(e) => set('categoryIds', e.target.checked ? [...p.categoryIds, c.id] : p.categoryIds.filter((x) => x !== c.id))}
                    />
                    {c.label}
                  </label>
                ))}
              </div>
            )}
            {err('categoryIds') && (
              <p id="ed-cat-err" className="mcc-field-error">
                {err('categoryIds')}
              </p>
            )}
          </fieldset>
        </div>
      </section>

      <section className="mcc-card" aria-labelledby="ed-seo">
        <h2 id="ed-seo" className="mcc-h2">
          {t.sections.seo}
        </h2>
        <p className="mcc-hint">{t.seoHint}</p>
        <div className="mp-side-by-side">
          {LANGS.map((lang) => {
            const title = p.seo.title[lang] || p.title[lang] || p.title['en-US'] || p.title['zh-CN'];
            const description = p.seo.description[lang] || p.description[lang] || p.description['en-US'] || p.description['zh-CN'];
            return (
              <fieldset key={lang} className="mp-lang" lang={lang}>
                <legend>{lang === 'en-US' ? t.langEn : t.langZh}</legend>
                <Text name={`seo.title.${lang}`} label={t.seoTitle} value={p.seo.title[lang]} error={err(`seo.title.${lang}`)} maxLength={70} onChange={(v) => set('seo', { ...p.seo, title: { ...p.seo.title, [lang]: v } })} />
                <Text
                  name={`seo.description.${lang}`}
                  label={t.seoDescription}
                  value={p.seo.description[lang]}
                  error={err(`seo.description.${lang}`)}
                  maxLength={320}
                  multiline
                  onChange={(v) => set('seo', { ...p.seo, description: { ...p.seo.description, [lang]: v } })}
                />
                <div className="mp-seo-preview" aria-label={t.seoPreview} role="group" data-testid={`seo-preview-${lang}`}>
                  <span className="mcc-hint">{t.seoPreview}</span>
                  <span className="mp-seo-url">{`${props.origin}/stores/${props.storeSlug}/products/${handle || '…'}`}</span>
                  <span className="mp-seo-title">{title.slice(0, 70) || '…'}</span>
                  <span className="mp-seo-desc">{description.length > 160 ? `${description.slice(0, 157)}…` : description}</span>
                </div>
              </fieldset>
            );
          })}
        </div>
      </section>

      <section className="mcc-card" aria-labelledby="ed-options">
        <h2 id="ed-options" className="mcc-h2">
          {t.sections.options}
        </h2>
        <p className="mcc-hint">{t.optionsHint}</p>
        {err('options') && <p className="mcc-field-error">{err('options')}</p>}
        <div className="mcc-form">
          {options.map((o, i) => (
            <OptionFields
              key={o.uid}
              index={i}
              option={o}
              optionKey={keys[i]!}
              t={t}
              err={err}
              onChange={(next) => setOption(i, next)}
              onRemove={() => setOptions((all) => all.filter((x) => x.uid !== o.uid))}
            />
          ))}
          {options.length < MAX_EDITOR_OPTIONS && (
            <div className="mcc-actions">
              <button
                type="button"
                className="mcc-button mcc-button-quiet"
                data-testid="add-option"
                onClick={() => setOptions((all) => [...all, { uid: uid(), key: '', name: { 'en-US': '', 'zh-CN': '' }, values: [{ uid: uid(), value: '', 'en-US': '', 'zh-CN': '' }] }])}
              >
                {t.addOption}
              </button>
            </div>
          )}
        </div>
      </section>

      <section className="mcc-card" aria-labelledby="ed-variants">
        <h2 id="ed-variants" className="mcc-h2">
          {t.sections.variants}
        </h2>
        <p className="mcc-hint" id="ed-variants-hint">
          {t.variantsHint} {t.stockHint}
        </p>
        {err('variants') && (
          <p className="mcc-field-error" role="alert">
            {err('variants')}
          </p>
        )}
        {tooMany ? (
          <p className="mcc-alert" role="alert">
            {t.tooManyVariants(combinationCount(options))}
          </p>
        ) : (
          <div className="mp-scroll" role="region" aria-labelledby="ed-variants" tabIndex={0}>
            <table className="mp-matrix" data-testid="variant-matrix">
              <thead>
                <tr>
                  <th scope="col">{t.variant}</th>
                  <th scope="col">{t.sku}</th>
                  {currencies.map((c) => (
                    <th key={`p${c}`} scope="col">
                      {t.price(c)}
                    </th>
                  ))}
                  {currencies.map((c) => (
                    <th key={`c${c}`} scope="col">
                      {t.compareAt(c)}
                    </th>
                  ))}
                  <th scope="col">{t.stockCol}</th>
                  <th scope="col">{t.barcode}</th>
                  <th scope="col">{t.weight}</th>
                </tr>
              </thead>
              <tbody>
                {combos.map((combo, i) => {
                  const values = combo.map(valueOf);
                  return (
                    <VariantRow
                      key={combo.join('|') || 'default'}
                      index={i}
                      row={rowOf(combo)}
                      values={values}
                      handle={handle}
                      currencies={currencies}
                      t={t}
                      err={err}
                      onChange={(patch) => setRow(combo, patch)}
                    />
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="mcc-card" aria-labelledby="ed-status">
        <h2 id="ed-status" className="mcc-h2">
          {t.sections.status}
        </h2>
        {p.status === 'archived' ? (
          <p className="mcc-muted" data-testid="archived-status">
            {t.statuses.archived}: {t.statusHints.archived}
          </p>
        ) : (
          <fieldset className="mp-lang">
            <legend>{t.status}</legend>
            <div className="mp-checks">
              {(['draft', 'active'] as const).map((s) => (
                <label key={s}>
                  <input type="radio" name="status" value={s} checked={p.status === s} onChange={() => set('status', s)} data-testid={`status-${s}`} />
                  {t.statuses[s]} <span className="mcc-hint">{t.statusHints[s]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="mcc-actions">
          <SubmitButton>{props.submitLabel}</SubmitButton>
        </div>
      </section>
    </div>
  );
}

type FieldErrors = (name: string) => string | undefined;
type Words = ReturnType<typeof productsText>;
const langLabel = (t: Words, lang: (typeof LANGS)[number]) => (lang === 'en-US' ? t.langEn : t.langZh);

/** A text in both languages side by side, each field named `<name>.<lang>` and labelled `<label> · <language>`. */
function LangPair(props: { name: string; label: string; value: Langs; err: FieldErrors; t: Words; maxLength: number; testId: (lang: (typeof LANGS)[number]) => string; onChange: (value: Langs) => void }) {
  return (
    <>
      {LANGS.map((lang) => (
        <Text
          key={lang}
          name={`${props.name}.${lang}`}
          label={`${props.label} · ${langLabel(props.t, lang)}`}
          value={props.value[lang]}
          error={props.err(`${props.name}.${lang}`)}
          maxLength={props.maxLength}
          onChange={(text) => props.onChange({ ...props.value, [lang]: text })}
          testId={props.testId(lang)}
        />
      ))}
    </>
  );
}

/** One option: its name and its values, each in both languages, with the buttons that add a value and remove the option. */
function OptionFields(props: { index: number; option: EditorOption; optionKey: string; t: Words; err: FieldErrors; onChange: (o: EditorOption) => void; onRemove: () => void }) {
  const { index: i, option: o, t, err } = props;
  return (
    <fieldset className="mp-option" data-testid="option">
      <legend>{t.option(i + 1)}</legend>
      <input type="hidden" name={`options.${i}.key`} value={props.optionKey} />
      <input type="hidden" name={`options.${i}.valueCount`} value={o.values.length} />
      <div className="mp-side-by-side">
        <LangPair name={`options.${i}.name`} label={t.optionName} value={o.name} err={err} t={t} maxLength={40} testId={(lang) => `option-${i}-name-${lang}`} onChange={(name) => props.onChange({ ...o, name })} />
      </div>
      <fieldset className="mp-lang">
        <legend>{t.optionValues}</legend>
        <p className="mcc-hint">{t.optionValuesHint}</p>
        {err(`options.${i}.values`) && <p className="mcc-field-error">{err(`options.${i}.values`)}</p>}
        {o.values.map((v, j) => (
          <div key={v.uid} className="mcc-form-row" data-testid="option-value">
            <input type="hidden" name={`options.${i}.values.${j}.value`} value={v.value} />
            <LangPair
              name={`options.${i}.values.${j}`}
              label={`${t.value} ${j + 1}`}
              value={v}
              err={err}
              t={t}
              maxLength={60}
              testId={(lang) => `option-${i}-value-${j}-${lang}`}
              onChange={(text) => props.onChange({ ...o, values: o.values.map((x) => (x.uid === v.uid ? { ...x, ...text } : x)) })}
            />
            <button type="button" className="mcc-button mcc-button-quiet" onClick={() => props.onChange({ ...o, values: o.values.filter((x) => x.uid !== v.uid) })} aria-label={t.removeValue(storedValue(v) || String(j + 1))}>
              ×
            </button>
          </div>
        ))}
        <div className="mcc-actions">
          <button type="button" className="mcc-button mcc-button-quiet" onClick={() => props.onChange({ ...o, values: [...o.values, { uid: uid(), value: '', 'en-US': '', 'zh-CN': '' }] })} data-testid={`add-value-${i}`}>
            {t.addValue}
          </button>
          <button type="button" className="mcc-button mcc-button-quiet" onClick={props.onRemove}>
            {t.removeOption}
          </button>
        </div>
      </fieldset>
    </fieldset>
  );
}

/** One row of the variant matrix: the combination's name (and the hidden fields that say which it is), its SKU, prices per currency, stock, barcode and weight. */
function VariantRow(props: {
  index: number;
  row: EditorVariant;
  values: { key: string; value: string; label: string }[];
  handle: string;
  currencies: Currency[];
  t: Words;
  err: FieldErrors;
  onChange: (patch: Partial<EditorVariant>) => void;
}) {
  const { index: i, row, values, currencies, t, err, onChange } = props;
  const name = values.map((v) => v.label).join(' / ') || t.defaultVariant;
  const code = row.code || suggestedCode(props.handle, values.map((v) => v.value));
  const money = (kind: 'price' | 'compareAt') =>
    currencies.map((c) => (
      <Cell
        key={`${kind}${c}`}
        name={`variants.${i}.${kind}.${c}`}
        label={`${kind === 'price' ? t.price(c) : t.compareAt(c)} · ${name}`}
        value={row[kind][c] ?? ''}
        error={err(`variants.${i}.${kind}.${c}`)}
        inputMode="decimal"
        onChange={(v) => onChange({ [kind]: { ...row[kind], [c]: v } })}
      />
    ));
  return (
    <tr data-testid="variant-row">
      <th scope="row">
        {name}
        {row.id && <input type="hidden" name={`variants.${i}.id`} value={row.id} />}
        {values.map((v) => (
          <input key={v.key} type="hidden" name={`variants.${i}.opt.${v.key}`} value={v.value} />
        ))}
        {row.stockWas !== null && <input type="hidden" name={`variants.${i}.stockWas`} value={row.stockWas} />}
        <input type="hidden" name={`variants.${i}.maxPerOrder`} value={row.maxPerOrder} />
      </th>
      <Cell name={`variants.${i}.code`} label={`${t.sku} · ${name}`} value={code} error={err(`variants.${i}.code`)} onChange={(v) => onChange({ code: v })} />
      {money('price')}
      {money('compareAt')}
      <Cell name={`variants.${i}.stock`} label={`${t.stockCol} · ${name}`} value={row.stock} error={err(`variants.${i}.stock`)} inputMode="numeric" onChange={(v) => onChange({ stock: v })} />
      <Cell name={`variants.${i}.barcode`} label={`${t.barcode} · ${name}`} value={row.barcode} error={err(`variants.${i}.barcode`)} maxLength={64} onChange={(v) => onChange({ barcode: v })} />
      <Cell name={`variants.${i}.weightGrams`} label={`${t.weight} · ${name}`} value={row.weightGrams} error={err(`variants.${i}.weightGrams`)} inputMode="numeric" onChange={(v) => onChange({ weightGrams: v })} />
    </tr>
  );
}

function Text(props: { name: string; label: string; hint?: string; value: string; error?: string; maxLength?: number; multiline?: boolean; onChange: (v: string) => void; testId?: string }) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: props.name,
    value: props.value,
    maxLength: props.maxLength,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
    'data-testid': props.testId,
  };
  return (
    <Frame id={id} label={props.label} hint={props.hint} error={props.error}>
      {props.multiline ? <textarea {...common} rows={5} onChange={(e) => props.onChange(e.target.value)} /> : <input type="text" autoComplete="off" {...common} onChange={(e) => props.onChange(e.target.value)} />}
    </Frame>
  );
}

function Select(props: { name: string; label: string; hint?: string; error?: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; testId?: string }) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Frame id={id} label={props.label} hint={props.hint} error={props.error}>
      <select
        id={id}
        name={props.name}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

function Frame({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="mcc-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="mcc-hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="mcc-field-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** One input of the variant matrix, labelled for screen readers by its column and row. */
function Cell(props: { name: string; label: string; value: string; error?: string; inputMode?: 'decimal' | 'numeric'; maxLength?: number; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <td>
      <input
        id={id}
        name={props.name}
        value={props.value}
        aria-label={props.label}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        autoComplete="off"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.name}
      />
      {props.error && (
        <p id={`${id}-error`} className="mp-cell-error" data-testid="field-error">
          {props.error}
        </p>
      )}
    </td>
  );
}
