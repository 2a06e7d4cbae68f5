import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { QuoteCartDocument } from '@/gql/graphql';
import { useSession } from '@/lib/session';
import { acceptChanges, cartPrescriptionId, flagsFor, setCart, useCart } from '../cart/cart';

/**
 * The cart checked against today's catalogue by the server (and against the cart's prescription): its
 * totals (items, shipping, total), its limits, flags per line and a way to accept the changes. `quote` is undefined until it arrives: the
 * screens then show no figure rather than one of their own.
 */
export function useCartQuote() {
  const cart = useCart();
  const items = useMemo(() => cart.map((c) => ({ medicineId: c.id, quantity: c.quantity })), [cart]);
  // With the cart's prescription, the quote also says what it still allows of each prescription-only line.
  // (Read on every render: the screens that change it re-render with it.)
  const prescriptionId = cartPrescriptionId();
  const signedIn = !!useSession();
  const variables = prescriptionId && signedIn ? { items, prescriptionId } : { items };
  const { data, loading, error } = useQuery(QuoteCartDocument, { variables, skip: items.length === 0, fetchPolicy: 'network-only' });
  const lines = useMemo(() => data?.quoteCart.lines.map((l) => ({ ...l, medicineId: String(l.medicineId) })), [data]);
  const flags = useMemo(() => flagsFor(cart, lines), [cart, lines]);
  return {
    cart, flags, loading, error, quote: data?.quoteCart,
    accept: () => lines && setCart(acceptChanges(cart, lines)),
  };
}
