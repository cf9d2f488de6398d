'use client';

import Link from 'next/link';
import { useActionState, useContext } from 'react';
import { useFormStatus } from 'react-dom';
import type { AddToCartState } from '@/lib/storefront/add-to-cart-state';
import type { Locale } from '@/lib/schemas/common';
import { cartText } from '@/lib/storefront/cart-text';
import { ChosenSku } from './variant-picker';

type Props = {
  locale: Locale;
  /** The bound Server Action addToCart(slug, productPath). */
  action: (previous: AddToCartState, form: FormData) => Promise<AddToCartState>;
  cartHref: string;
};

/**
 * The product page's add-to-cart control: a submit button of `#product-form` whose formAction
 * is the Server Action, so it works before (and without) JavaScript, and a live region saying
 * what happened: added (with a link to the cart), clamped to the stock, sold out, or an error.
 */
export function AddToCart({ locale, action, cartHref }: Props) {
  const t = cartText(locale);
  const available = useContext(ChosenSku)?.available ?? false;
  const [state, formAction] = useActionState(action, { status: 'idle' });
  const message =
    state.status === 'added'
      ? t.added(state.itemCount ?? 0)
      : state.status === 'clamped'
        ? t.clamped(state.quantity ?? 0)
        : state.status === 'sold_out'
          ? t.soldOut
          : state.status === 'checking_out'
            ? t.checkoutInProgress
            : state.status === 'error'
              ? t.addFailed
              : '';
  const ok = state.status === 'added';
  return (
    <div className="sf-add">
      {/* formAction on the button: the form itself (#product-form) belongs to the variant picker. */}
      <SubmitWithAction locale={locale} available={available} formAction={formAction} />
      <p className={`sf-add__status${message ? (ok ? ' sf-add__status--ok' : ' sf-add__status--no') : ''}`} role="status" data-testid="add-to-cart-status" data-state={state.status}>
        {message}
        {message && state.status !== 'sold_out' && state.status !== 'error' ? (
          <>
            {' '}
            <Link href={cartHref}>{t.viewCart}</Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

function SubmitWithAction({ locale, available, formAction }: { locale: Locale; available: boolean; formAction: (form: FormData) => void }) {
  const t = cartText(locale);
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      formAction={formAction}
      className="sf-button sf-add-to-cart"
      disabled={!available || pending}
      data-testid="add-to-cart"
    >
      {pending ? t.adding : available ? t.addToCart : t.soldOut}
    </button>
  );
}
