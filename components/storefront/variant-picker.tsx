'use client';

import { type ReactNode, createContext, useId, useState } from 'react';
import type { Locale } from '@/lib/schemas/common';
import { uiText } from '@/lib/storefront/ui-text';
import { VARIANT_EVENT } from './product-gallery';

/** `valueNames`: the values as the shopper reads them in the page's locale (Black -> 黑色), where the data names them. */
export type PickerOption = { key: string; name: string; values: string[]; valueNames?: Record<string, string> };
export type PickerSku = {
  id: string;
  optionValues: Record<string, string>;
  /** Formatted in the shopper's locale; null when not sold in the market. */
  price: string | null;
  compareAtPrice: string | null;
  available: boolean;
  maxPerOrder: number;
};

const named = (o: PickerOption, value: string | undefined) => (value === undefined ? '' : (o.valueNames?.[value] ?? value));

/** The SKU chosen in the picker, for the add-to-cart control rendered inside its form. */
export const ChosenSku = createContext<PickerSku | null>(null);

type Props = {
  locale: Locale;
  options: PickerOption[];
  skus: PickerSku[];
  initialSkuId: string;
  /**
   * The add-to-cart control. It is rendered inside the form `#product-form`, whose fields
   * `skuId` and `quantity` always hold the shopper's choice, so a submit button (with a server
   * action) or a client component reading the form has what it needs.
   */
  children?: ReactNode;
};

/**
 * The SKU choice of a product page: one radio group per option the SKUs vary on, the chosen
 * SKU's price and stock state, and a quantity within its per-order limit. The choice is kept
 * in the URL (`?sku=`), so a shared link opens the same variant.
 */
export function VariantPicker({ locale, options, skus, initialSkuId, children }: Props) {
  const t = uiText(locale);
  const id = useId();
  const [skuId, setSkuId] = useState(initialSkuId);
  const [quantity, setQuantity] = useState(1);
  const sku = skus.find((s) => s.id === skuId) ?? skus[0]!;
  // Only options the SKUs differ by can be chosen; the others describe the product.
  const choosable = options.filter((o) => skus.some((s) => s.optionValues[o.key] !== undefined));
  const max = sku.available ? sku.maxPerOrder : 1;
  const qty = Math.min(quantity, max);

  function choose(key: string, value: string) {
    const wanted = { ...sku.optionValues, [key]: value };
    // The SKU with this value that keeps most of the other choices.
    const score = (s: PickerSku) => Object.entries(wanted).filter(([k, v]) => s.optionValues[k] === v).length;
    const next = skus
      .filter((s) => s.optionValues[key] === value)
      .sort((a, b) => score(b) - score(a) || Number(b.available) - Number(a.available))[0];
    if (!next) return;
    setSkuId(next.id);
    window.dispatchEvent(new CustomEvent(VARIANT_EVENT, { detail: next.id }));
    const url = new URL(window.location.href);
    url.searchParams.set('sku', next.id);
    // Without Next's own history state, so its router takes the new URL as the page's: passing
    // window.history.state kept the router on the old URL, and the refresh after Add to cart put it back.
    window.history.replaceState(null, '', url);
  }

  const stock = sku.price === null ? t.notSold : sku.available ? `${t.inStock} · ${t.maxPerOrder(sku.maxPerOrder)}` : t.soldOut;

  return (
    <form
      id="product-form"
      className="sf-buy"
      data-sku-id={sku.id}
      onSubmit={(e) => !children && e.preventDefault()}
      // React resets a form after its action (Add to cart) to the fields' first values: the chips
      // would show the variant the page opened with while the label, picture and skuId keep the
      // choice. The choice is state here, so the reset is refused.
      onReset={(e) => e.preventDefault()}
    >
      <p className="sf-product__price" data-testid="product-price" aria-live="polite">
        {sku.price ?? t.notSold}
        {sku.compareAtPrice ? (
          <s className="sf-product__compare" aria-label={`${t.price}: ${sku.compareAtPrice}`}>
            {sku.compareAtPrice}
          </s>
        ) : null}
      </p>
      {choosable.map((o) => (
        <fieldset key={o.key} className="sf-option">
          <legend>
            {o.name}: <strong data-testid={`selected-${o.key}`}>{named(o, sku.optionValues[o.key])}</strong>
          </legend>
          <div className="sf-option__values">
            {o.values
              .filter((v) => skus.some((s) => s.optionValues[o.key] === v))
              .map((v) => {
                const inputId = `${id}-${o.key}-${v}`;
                const sellable = skus.some((s) => s.optionValues[o.key] === v && s.available);
                return (
                  <span key={v} className="sf-option__value">
                    <input
                      type="radio"
                      id={inputId}
                      name={`option-${o.key}`}
                      value={v}
                      checked={sku.optionValues[o.key] === v}
                      onChange={() => choose(o.key, v)}
                    />
                    <label htmlFor={inputId} data-unavailable={sellable ? undefined : 'true'}>
                      {named(o, v)}
                      {sellable ? null : <span className="sf-visually-hidden"> ({t.soldOut})</span>}
                    </label>
                  </span>
                );
              })}
          </div>
        </fieldset>
      ))}
      <p className={`sf-pill ${sku.available ? 'sf-pill--ok' : 'sf-pill--no'}`} data-testid="stock-state" aria-live="polite">
        {stock}
      </p>
      <div className="sf-quantity">
        <label htmlFor={`${id}-qty`}>{t.quantity}</label>
        <div className="sf-quantity__control">
          <button type="button" aria-label={t.decrease} aria-controls={`${id}-qty`} disabled={!sku.available || qty <= 1} onClick={() => setQuantity(qty - 1)}>
            −
          </button>
          <input
            id={`${id}-qty`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={qty}
            disabled={!sku.available}
            onChange={(e) => {
              const n = Math.floor(Number(e.target.value));
              if (Number.isFinite(n)) setQuantity(Math.max(1, Math.min(max, n)));
            }}
          />
          <button type="button" aria-label={t.increase} aria-controls={`${id}-qty`} disabled={!sku.available || qty >= max} onClick={() => setQuantity(qty + 1)}>
            +
          </button>
        </div>
      </div>
      <input type="hidden" name="skuId" value={sku.id} />
      <ChosenSku.Provider value={sku}>{children}</ChosenSku.Provider>
    </form>
  );
}
