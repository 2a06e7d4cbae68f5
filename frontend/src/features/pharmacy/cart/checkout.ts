import { CHECKOUT_KEY } from './cart';

// The payment the cart went to. The cart is emptied when its payment is confirmed: on the page the payer lands on. A payer who paid
// and never landed (the tab closed on the provider's page, the phone lost its network) would find the
// cart still holding what was paid for, one tap from paying again. The payment is remembered as the
// payer leaves, and the cart's screens ask about it (useCartQuote).
export function rememberCheckout(tranId: string): void {
  try {
    localStorage.setItem(CHECKOUT_KEY, tranId);
  } catch {
    /* private mode: the landing page still empties the cart */
  }
}

export function checkoutOfCart(): string | null {
  try {
    return globalThis.localStorage?.getItem(CHECKOUT_KEY) ?? null;
  } catch {
    return null;
  }
}

export function forgetCheckout(): void {
  try {
    localStorage.removeItem(CHECKOUT_KEY);
  } catch {
    /* nothing kept */
  }
}
