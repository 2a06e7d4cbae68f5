import { useEffect, useMemo } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { QuoteCartDocument } from '@/gql/graphql';
import { useSession } from '@/lib/session';
import { acceptChanges, flagsFor, setCart, useCart } from '../cart/cart';
import { checkoutOfCart } from '../cart/checkout';

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
 * The payment this cart last went to (cart/checkout.ts), settled by cart/settleCheckout.ts when there
 * is one and someone is signed in to ask.
 */
function useSettledCheckout(active: boolean) {
  const signedIn = !!useSession();
  const client = useApolloClient();
  useEffect(() => {
    const tranId = active && signedIn ? checkoutOfCart() : null;
    if (tranId) void import('../cart/settleCheckout').then(({ settleCheckout }) => settleCheckout(client, tranId));
  }, [active, signedIn, client]);
}
