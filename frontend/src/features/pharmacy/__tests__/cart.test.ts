import { beforeEach, describe, expect, it } from 'vitest';
import {
  acceptChanges, addItem, clearCart, decrease, flagsFor, getCart, increase, removeItem, setCart, subscribe, updateCart, type CartItem,
} from '../cart/cart';

const napa = { id: 'm1', name: 'Napa', unit: 'Strip' as const, imageUrl: null, pricePoisha: 1200, stock: 10 };
const seclo = { id: 'm2', name: 'Seclo', unit: 'Strip' as const, imageUrl: null, pricePoisha: 6050, stock: 5 };

beforeEach(() => setCart([]));

describe('cart rules', () => {
  it('adds a new item with quantity 1 and an item already there by one more', () => {
    let cart: CartItem[] = addItem([], napa);
    expect(cart).toEqual([{ ...napa, quantity: 1 }]);
    cart = addItem(cart, napa);
    expect(cart).toEqual([{ ...napa, quantity: 2 }]);
  });

  it('removes an item when it is decreased at 1', () => {
    const cart = addItem(addItem([], napa), seclo);
    expect(decrease(cart, 'm2').map((c) => c.id)).toEqual(['m1']);
    expect(decrease(increase(cart, 'm1'), 'm1')[0]!.quantity).toBe(1);
  });

  it('removes one item, and clears all', () => {
    const cart = addItem(addItem([], napa), seclo);
    expect(removeItem(cart, 'm1').map((c) => c.id)).toEqual(['m2']);
    updateCart(() => cart);
    expect(getCart()).toHaveLength(2);
    const told: number[] = [];
    const stop = subscribe(() => told.push(getCart().length));
    clearCart();
    stop();
    expect(getCart()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([]);
    // The badge and the cart page hear of it.
    expect(told).toEqual([0]);
  });

  it('adds one more only up to the limit it is given (the stock and the server\'s per-line limit)', () => {
    let cart = addItem([], seclo, 2);
    cart = addItem(cart, seclo, 2);
    cart = addItem(cart, seclo, 2);
    expect(cart[0]!.quantity).toBe(2);
    expect(increase(cart, 'm2', 2)[0]!.quantity).toBe(2);
    expect(increase(cart, 'm2', 3)[0]!.quantity).toBe(3);
    // A limit that fell below the quantity (stock sold meanwhile) never lowers it here: the quote flags it.
    expect(increase(cart, 'm2', 1)[0]!.quantity).toBe(2);
  });

  it('keeps the cart in localStorage under `cart` (for visitors, and after login)', () => {
    updateCart((c) => addItem(c, napa));
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ ...napa, quantity: 1 }]);
  });

  it('flags items whose price changed or that ran out, without changing them', () => {
    const cart = addItem(addItem([], napa), seclo);
    const quote = [
      { medicineId: 'm1', unitPricePoisha: 1300, available: true, medicine: { stock: 9 } },
      { medicineId: 'm2', unitPricePoisha: 6050, available: false, medicine: { stock: 0 } },
    ];
    expect(flagsFor(cart, quote)).toEqual({ m1: { kind: 'priceChanged', was: 1200, now: 1300 }, m2: { kind: 'unavailable', stock: 0 } });
    expect(cart[0]!.pricePoisha).toBe(1200);
    expect(acceptChanges(cart, quote)).toEqual([{ ...napa, pricePoisha: 1300, stock: 9, quantity: 1 }]);
  });

  it("flags a line over what its prescription still allows, and accepting caps it there (or drops it when nothing is left)", () => {
    const cart: CartItem[] = [{ ...napa, quantity: 5 }, { ...seclo, quantity: 2 }];
    const quote = [
      { medicineId: 'm1', unitPricePoisha: 1200, available: true, medicine: { stock: 9 }, prescriptionAllows: 3 },
      { medicineId: 'm2', unitPricePoisha: 6050, available: true, medicine: { stock: 9 }, prescriptionAllows: 0 },
    ];
    expect(flagsFor(cart, quote)).toEqual({ m1: { kind: 'prescriptionLimit', allows: 3 }, m2: { kind: 'prescriptionLimit', allows: 0 } });
    expect(acceptChanges(cart, quote)).toEqual([{ ...napa, stock: 9, quantity: 3 }]);
    // Within what it allows (or not asked): nothing to flag.
    expect(flagsFor([{ ...napa, quantity: 3 }], [{ ...quote[0]! }])).toEqual({});
    expect(flagsFor([{ ...napa, quantity: 3 }], [{ ...quote[0]!, prescriptionAllows: null }])).toEqual({});
  });
});
