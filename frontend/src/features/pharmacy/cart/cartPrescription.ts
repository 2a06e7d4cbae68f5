import { useSyncExternalStore } from 'react';
import { CART_PRESCRIPTION_KEY as PRESCRIPTION_KEY, getCart, subscribe as subscribeCart, type CartItem } from './cart';

/**
 * The prescription beside the cart ("Order these medicines" from a Nirog prescription, "Order again"
 * from a paper one a pharmacist recorded): checkout sends it, and the cart's quote asks what it allows. Kept apart from cart.ts, which every page's header loads for its count, so that only the screens
 * that use it load it. An empty cart has no prescription: emptying the cart (clearCart after paying,
 * the last line removed) drops it, and one left in storage beside an empty cart is not read back.
 */
export interface CartPrescription {
  id: string;
  /** A paper prescription a pharmacist recorded from a photo (no doctor named); a Nirog one otherwise. */
  kind?: 'paper';
  /** The doctor's title as the API names it (DoctorTitle), worded in the reader's language on screen. */
  doctorTitle?: string;
  doctorName?: string;
  issuedAt: string;
}

const prescriptionListeners = new Set<() => void>();
let prescription: CartPrescription | null = readPrescription();

function readPrescription(): CartPrescription | null {
  if (getCart().length === 0) return null;
  try {
    const raw = globalThis.localStorage?.getItem(PRESCRIPTION_KEY);
    const p = raw ? (JSON.parse(raw) as CartPrescription) : null;
    return p && typeof p.id === 'string' && (typeof p.doctorName === 'string' || p.kind === 'paper') ? p : null;
  } catch {
    return null;
  }
}

export function getCartPrescription(): CartPrescription | null {
  return prescription;
}

export function setCartPrescription(next: CartPrescription | null): void {
  prescription = next;
  try {
    if (next) localStorage.setItem(PRESCRIPTION_KEY, JSON.stringify(next));
    else localStorage.removeItem(PRESCRIPTION_KEY);
  } catch {
    /* private mode */
  }
  prescriptionListeners.forEach((l) => l());
}

export function useCartPrescription(): CartPrescription | null {
  return useSyncExternalStore((l) => { prescriptionListeners.add(l); return () => prescriptionListeners.delete(l); }, getCartPrescription, getCartPrescription);
}

/**
 * The patient's confirmed choices from a prescription ("Order these medicines"): each medicine is put
 * in the cart with the quantity chosen (replacing what the cart had of it), and the prescription is
 * remembered for checkout.
 */
export function fillFromPrescription(cart: CartItem[], chosen: { item: Omit<CartItem, 'quantity'>; quantity: number }[]): CartItem[] {
  const next = [...cart];
  for (const { item, quantity } of chosen) {
    const at = next.findIndex((c) => c.id === item.id);
    const line = { ...item, quantity: Math.max(1, quantity) };
    if (at >= 0) next[at] = line;
    else next.push(line);
  }
  return next;
}

subscribeCart(() => {
  if (prescription && getCart().length === 0) setCartPrescription(null);
});
