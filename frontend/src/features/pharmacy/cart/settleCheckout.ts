import type { ApolloClient } from '@apollo/client';
import { PaymentByTranIdDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { clearCart } from './cart';
import { forgetCheckout } from './checkout';

/**
 * Asks about the payment the cart went to (checkout.ts): paid, the cart is emptied as the landing
 * page would have; failed or cancelled, forgotten (the cart is the payer's to try again); another
 * account's (a shared phone), forgotten. Loaded only when there is such a payment, so the cart's first
 * load does not carry it.
 */
export async function settleCheckout(client: ApolloClient, tranId: string): Promise<void> {
  try {
    const { data } = await client.query({ query: PaymentByTranIdDocument, variables: { tranId }, fetchPolicy: 'network-only' });
    const status = data?.payment?.status;
    if (status === 'Completed') clearCart();
    else if (status && status !== 'Initiated') forgetCheckout();
  } catch (e) {
    if (errorInfo(e).code === 'NOT_FOUND') forgetCheckout();
  }
}
