import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { kindsOf } from '../derive-messages';
import { plainText } from '../render';
import { MAIL_RETRY_DELAYS_SECONDS, nextMailAttemptAt } from '../retry-schedule';
import { messageHtml } from './message';
import { toStaticMarkup } from './to-html';
import { fill } from '../texts';
import type { MessageView } from '../view';

const view: MessageView = {
  locale: 'en-US',
  store: { name: 'Lumen <Audio>', accentColor: '#ff0000', logoUrl: null },
  subject: 'Order SO-1 confirmed',
  intro: 'Thanks & welcome',
  lines: [{ title: 'Earbuds "Pro"', quantity: 2, amount: '$10.00' }],
  totals: [{ label: 'Total', amount: '$10.00', strong: true }],
  button: { label: 'View your order', url: 'https://shop.example/orders/1?token=a.b&x=1' },
  footer: 'Footer',
};

describe('e-mail templates', () => {
  it('write static markup: text and attributes escaped, inline styles in CSS, void elements closed, nothing of React left', () => {
    expect(toStaticMarkup(createElement('p', { style: { fontSize: 14, lineHeight: '22px', fontWeight: 700 }, className: 'x' }, 'a < b & "c"'))).toBe(
      '<p style="font-size:14px;line-height:22px;font-weight:700" class="x">a &lt; b &amp; "c"</p>',
    );
    expect(toStaticMarkup(createElement('img', { src: 'https://x/?a=1&b="2"', alt: '' }))).toBe('<img src="https://x/?a=1&amp;b=&quot;2&quot;" alt=""/>');
    const html = messageHtml(view);
    expect(html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(html).toContain('<html dir="ltr" lang="en-US">');
    expect(html).toContain('Lumen &lt;Audio&gt;');
    expect(html).toContain('Earbuds "Pro" × 2');
    expect(html).toContain('href="https://shop.example/orders/1?token=a.b&amp;x=1"');
    expect(html).toContain('#ff0000');
    expect(html).not.toMatch(/<script|\$\$typeof|\[object Object\]/);
  });

  it('the plain-text part says what the HTML says, every link spelled out', () => {
    const text = plainText(view);
    expect(text).toContain('Earbuds "Pro" × 2  $10.00');
    expect(text).toContain('Total: $10.00');
    expect(text).toContain('View your order: https://shop.example/orders/1?token=a.b&x=1');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('{store}: {order} {nope}', { store: 'S', order: 'O' })).toBe('S: O {nope}');
  });

  it('an event makes the messages its kind calls for: payment received for manual payments only, a refund message for cancellations only', () => {
    expect(kindsOf({ type: 'order.created', payload: {} })).toEqual(['order_confirmation', 'merchant_new_order']);
    expect(kindsOf({ type: 'order.paid', payload: { paymentMethod: 'test_card' } })).toEqual([]);
    expect(kindsOf({ type: 'order.paid', payload: { paymentMethod: 'manual' } })).toEqual(['payment_received']);
    expect(kindsOf({ type: 'order.refunded', payload: { reason: 'after_sales' } })).toEqual([]);
    expect(kindsOf({ type: 'order.refunded', payload: { reason: 'cancellation' } })).toEqual(['order_refunded']);
    expect(kindsOf({ type: 'after_sales.requested', payload: {} })).toEqual(['after_sales_received', 'merchant_after_sales_request']);
    expect(kindsOf({ type: 'product.created', payload: {} })).toEqual([]);
  });

  it('retries double from 30 s with ±20% jitter, then stop', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextMailAttemptAt(1, now, () => 0.5)!.getTime() - now.getTime()).toBe(30_000);
    expect(nextMailAttemptAt(2, now, () => 0)!.getTime() - now.getTime()).toBe(48_000);
    expect(nextMailAttemptAt(2, now, () => 1)!.getTime() - now.getTime()).toBe(72_000);
    expect(nextMailAttemptAt(MAIL_RETRY_DELAYS_SECONDS.length + 1, now)).toBeNull();
  });
});
