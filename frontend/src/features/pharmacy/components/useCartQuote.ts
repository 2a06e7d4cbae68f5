import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { PaymentByTranIdDocument, QuoteCartDocument } from '@/gql/graphql';
import { useSession } from '@/lib/session';
import { errorInfo } from '@/lib/errors';
import { acceptChanges, checkoutOfCart, clearCart, flagsFor, forgetCheckout, setCart, useCart } from '../cart/cart';

/**
 * The cart checked against today's catalogue by the server: its totals (items, shipping, total), its
 * limits, flags per line and a way to accept the changes. `quote` is undefined until it arrives: the
 * screens then show no figure rather than one of their own.
 */
export function useCartQuote() {
  const cart = useCart();
  const items = useMemo(() => cart.map((c) => ({ medicineId: c.id, quantity: c.quantity })), [cart]);
  const { data, loading, error } = useQuery(QuoteCartDocument, { variables: { items }, skip: items.length === 0, fetchPolicy: 'network-only' });
  const lines = useMemo(() => data?.quoteCart.lines.map((l) => ({ ...l, medicineId: String(l.medicineId) })), [data]);
  const flags = useMemo(() => flagsFor(cart, lines), [cart, lines]);
  useSettledCheckout(cart.length > 0);
  return {
    cart, flags, loading, error, quote: data?.quoteCart,
    accept: () => lines && setCart(acceptChanges(cart, lines)),
  };
}

/**
 * The payment this cart last went to (cart.ts rememberCheckout): paid, the cart is emptied as the
 * landing page would have; failed or cancelled, forgotten (the cart is the payer's to try again).
 */
function useSettledCheckout(active: boolean) {
  const signedIn = !!useSession();
  const tranId = active && signedIn ? checkoutOfCart() : null;
  const { data, error } = useQuery(PaymentByTranIdDocument, { variables: { tranId: tranId ?? '' }, skip: !tranId, fetchPolicy: 'network-only' });
  const status = data?.payment?.status;
  // Another account's payment (a shared phone) is not this cart's to settle.
  const notOurs = !!error && errorInfo(error).code === 'NOT_FOUND';
  useEffect(() => {
    if (status === 'Completed') clearCart();
    else if ((status && status !== 'Initiated') || notOurs) forgetCheckout();
  }, [status, notOurs]);
}
