/** What the product page's add-to-cart Server Action answers, for the control that shows it. */
export type AddToCartState = {
  status: 'idle' | 'added' | 'clamped' | 'sold_out' | 'checking_out' | 'error';
  /** Units of the SKU in the cart after the add. */
  quantity?: number;
  /** Units in the whole cart. */
  itemCount?: number;
  /** Tells two identical outcomes apart, so the message is announced again. */
  at?: number;
};
