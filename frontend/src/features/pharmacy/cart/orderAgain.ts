import type { MedicineUnit } from '@/gql/graphql';
import type { CartItem } from './cart';

/**
 * An order's lines back in the cart ("Order again": a cancelled order, a rejected prescription, a
 * course to repeat), each at the quantity ordered, beside what the cart holds. Prices and stock are
 * the order's: the cart's quote shows what changed since, as for any line.
 */
export function orderAgain(cart: CartItem[], lines: { medicineId: string; name: string; strength: string; unit: MedicineUnit; imageUrl?: string | null; unitPricePoisha: number; quantity: number }[]): CartItem[] {
  let next = cart;
  for (const l of lines) {
    const existing = next.find((c) => c.id === l.medicineId);
    next = existing
      ? next.map((c) => (c.id === l.medicineId ? { ...c, quantity: Math.max(c.quantity, l.quantity) } : c))
      : [...next, { id: l.medicineId, name: l.name, strength: l.strength || undefined, unit: l.unit, imageUrl: l.imageUrl, pricePoisha: l.unitPricePoisha, stock: l.quantity, quantity: l.quantity }];
  }
  return next;
}
