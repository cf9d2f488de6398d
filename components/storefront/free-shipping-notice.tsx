import './free-shipping-notice.css';
import type { FreeShippingNotice } from '@/lib/carts/store-shipping';
import type { Locale } from '@/lib/schemas/common';
import { shippingText } from '@/lib/storefront/shipping-text';

/** The store's free-shipping notice above its header, written from the shipping rule it charges by. */
export function FreeShippingBar({ notice, locale }: { notice: FreeShippingNotice; locale: Locale }) {
  const t = shippingText(locale);
  return (
    <aside className="sf-shipping-bar" aria-label={t.label} data-testid="free-shipping-notice">
      <p>{t.notice(notice)}</p>
    </aside>
  );
}

/** Where the cart stands against that threshold, from the quote it was charged by. */
export function FreeShippingProgressNote({ notice, locale, merchandise, shippingCharged }: { notice: FreeShippingNotice; locale: Locale; merchandise: number; shippingCharged: boolean }) {
  const t = shippingText(locale);
  if (shippingCharged) {
    const remaining = notice.freeOverAmount - merchandise;
    if (remaining <= 0) return null;
    return (
      <p className="sf-cart__fine sf-shipping-progress" data-testid="free-shipping-progress" data-state="short">
        {t.short(remaining, notice)}
      </p>
    );
  }
  if (merchandise < notice.freeOverAmount) return null;
  return (
    <p className="sf-cart__fine sf-shipping-progress" data-testid="free-shipping-progress" data-state="free">
      {t.free(notice)}
    </p>
  );
}
