'use client';

import { useActionState, useId } from 'react';
import { useFormStatus } from 'react-dom';
import type { Locale, Market } from '@/lib/schemas/common';
import { cartText } from '@/lib/storefront/cart-text';
import type { AddressState, CartChangeState, CheckoutState } from './actions';

/*
 * The cart page's forms. Each posts to a Server Action (same origin only, works without
 * JavaScript) and, with JavaScript, shows what happened without leaving the page.
 */

function Pending({ idle, busy, className, testId, disabled, name, value }: { idle: string; busy: string; className: string; testId?: string; disabled?: boolean; name?: string; value?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={className} disabled={disabled || pending} data-testid={testId} name={name} value={value}>
      {pending ? busy : idle}
    </button>
  );
}

export function LineQuantityForm({
  locale,
  action,
  skuId,
  title,
  quantity,
  disabled,
}: {
  locale: Locale;
  action: (previous: CartChangeState, form: FormData) => Promise<CartChangeState>;
  skuId: string;
  title: string;
  quantity: number;
  disabled: boolean;
}) {
  const t = cartText(locale);
  const id = useId();
  const [state, formAction] = useActionState(action, { error: null });
  return (
    <form action={formAction} className="sf-cart-line__form">
      <input type="hidden" name="skuId" value={skuId} />
      <label htmlFor={`${id}-q`} className="sf-visually-hidden">
        {t.quantityOf(title)}
      </label>
      <input
        id={`${id}-q`}
        key={quantity}
        className="sf-cart-line__qty"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        defaultValue={quantity}
        disabled={disabled}
        required
        data-testid="line-quantity"
      />
      <button type="submit" name="intent" value="update" className="sf-button sf-button--ghost sf-button--small" disabled={disabled}>
        {t.update}
      </button>
      <button type="submit" name="intent" value="remove" className="sf-link-button" disabled={disabled} aria-label={t.removeItem(title)}>
        {t.remove}
      </button>
      {state.error ? (
        <p className="sf-cart-alert" role="alert">
          {state.error === 'rate_limited' ? t.checkoutFailed.rate_limited : t.changeFailed}
        </p>
      ) : null}
    </form>
  );
}

type Field = { name: string; label: string; autoComplete: string; required: boolean; maxLength: number; inputMode?: 'tel' | 'numeric' | 'text'; type?: string; wide?: boolean };

function addressFields(locale: Locale, market: Market): Field[] {
  const f = cartText(locale).fields;
  return market === 'CN'
    ? [
        { name: 'recipient', label: f.recipient, autoComplete: 'shipping name', required: true, maxLength: 50 },
        { name: 'phone', label: f.phone, autoComplete: 'shipping tel-national', required: true, maxLength: 20, inputMode: 'tel', type: 'tel' },
        { name: 'province', label: f.province, autoComplete: 'shipping address-level1', required: true, maxLength: 40 },
        { name: 'city', label: f.city, autoComplete: 'shipping address-level2', required: true, maxLength: 40 },
        { name: 'district', label: f.district, autoComplete: 'shipping address-level3', required: true, maxLength: 40 },
        { name: 'detail', label: f.detail, autoComplete: 'shipping street-address', required: true, maxLength: 120, wide: true },
        { name: 'postalCode', label: f.postalCode, autoComplete: 'shipping postal-code', required: false, maxLength: 6, inputMode: 'numeric' },
      ]
    : [
        { name: 'recipient', label: f.recipient, autoComplete: 'shipping name', required: true, maxLength: 100, wide: true },
        { name: 'line1', label: f.line1, autoComplete: 'shipping address-line1', required: true, maxLength: 100, wide: true },
        { name: 'line2', label: f.line2, autoComplete: 'shipping address-line2', required: false, maxLength: 100, wide: true },
        { name: 'city', label: f.city, autoComplete: 'shipping address-level2', required: true, maxLength: 60 },
        { name: 'state', label: f.state, autoComplete: 'shipping address-level1', required: true, maxLength: 2 },
        { name: 'postalCode', label: f.zip, autoComplete: 'shipping postal-code', required: true, maxLength: 10, inputMode: 'numeric' },
        { name: 'phone', label: f.phoneOptional, autoComplete: 'shipping tel-national', required: false, maxLength: 20, inputMode: 'tel', type: 'tel' },
      ];
}

/**
 * The shipping address in the fields of the cart's market (CN: province, city, district...;
 * US: street, state, ZIP). Once saved it folds to one line with a "change" disclosure.
 */
export function AddressForm({
  locale,
  market,
  action,
  saved,
  initial,
  disabled,
}: {
  locale: Locale;
  market: Market;
  action: (previous: AddressState, form: FormData) => Promise<AddressState>;
  /** One line of where the cart ships (city, region, postal code), when its address is current. */
  saved: string | null;
  initial: Record<string, string>;
  disabled: boolean;
}) {
  const t = cartText(locale);
  const id = useId();
  const [state, formAction] = useActionState(action, { error: null, fields: [], values: initial });
  const bad = new Set(state.fields);
  const values = { ...initial, ...state.values };
  const form = (
    <form action={formAction} className="sf-address" noValidate={false} data-testid="address-form">
      <p className="sf-cart__fine">{t.addressHelp}</p>
      {state.error ? (
        <p className="sf-cart-alert" role="alert" data-testid="address-error">
          {state.error === 'validation_failed' || state.error === 'address_invalid' ? t.addressInvalid : state.error === 'rate_limited' ? t.checkoutFailed.rate_limited : t.changeFailed}
        </p>
      ) : null}
      <div className="sf-address__grid">
        {addressFields(locale, market).map((f) => (
          <p key={f.name} className={`sf-field${f.wide ? ' sf-field--wide' : ''}`}>
            <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              autoComplete={f.autoComplete}
              required={f.required}
              maxLength={f.maxLength}
              defaultValue={values[f.name] ?? ''}
              key={`${f.name}-${state.at ?? 0}`}
              disabled={disabled}
              aria-invalid={bad.has(f.name) || undefined}
              aria-describedby={bad.has(f.name) ? `${id}-${f.name}-error` : undefined}
            />
            {bad.has(f.name) ? (
              <span className="sf-field__error" id={`${id}-${f.name}-error`}>
                {t.fieldError}
              </span>
            ) : null}
          </p>
        ))}
      </div>
      <Pending idle={t.saveAddress} busy={t.saving} className="sf-button sf-button--ghost" testId="save-address" disabled={disabled} />
    </form>
  );
  if (!saved || bad.size || state.error) return form;
  return (
    <>
      <p className="sf-address__saved" data-testid="address-saved">
        {t.addressSaved(saved)}
      </p>
      {disabled ? null : (
        <details className="sf-address__change">
          <summary>{t.editAddress}</summary>
          {form}
        </details>
      )}
    </>
  );
}

export function CheckoutButton({
  locale,
  action,
  total,
  blockedReason,
}: {
  locale: Locale;
  action: (previous: CheckoutState, form: FormData) => Promise<CheckoutState>;
  total: string;
  /** Why checkout cannot start yet (no address, a line to fix); null when it can. */
  blockedReason: string | null;
}) {
  const t = cartText(locale);
  const [state, formAction] = useActionState(action, { error: null });
  const failed = state.error ? (t.checkoutFailed[state.error as keyof typeof t.checkoutFailed] ?? t.checkoutFailed.other) : null;
  return (
    <form action={formAction} className="sf-cart-checkout">
      <input type="hidden" name="locale" value={locale} />
      {blockedReason ? (
        <p className="sf-cart__fine" id="sf-checkout-blocked" data-testid="checkout-blocked">
          {blockedReason}
        </p>
      ) : null}
      {failed ? (
        <p className="sf-cart-alert" role="alert" data-testid="checkout-error">
          {failed}
        </p>
      ) : null}
      <Pending idle={`${t.checkout} · ${total}`} busy={t.checkingOut} className="sf-button sf-cart-checkout__button" testId="checkout" disabled={!!blockedReason} />
    </form>
  );
}

export function CancelCheckoutButton({ locale, action }: { locale: Locale; action: () => Promise<void> }) {
  const t = cartText(locale);
  return (
    <form action={action}>
      <Pending idle={t.editCart} busy={t.saving} className="sf-button sf-button--ghost" testId="cancel-checkout" />
    </form>
  );
}
