import { useSyncExternalStore } from 'react';
import type { MedicineUnit } from '@/gql/graphql';

/**
 * The cart (spec §4): adding an item already there adds one, decreasing at 1 removes it, remove and
 * clear exist. It lives in localStorage under `cart`, so a visitor's cart survives reloads and is
 * still there after login. The cart decides no price, total, shipping charge or limit: the server's
 * quote (quoteCart) does, and the screens show it; the prices kept here are what the shopper saw, so
 * the cart can show (never silently apply) what changed since.
 */
export interface CartItem {
  id: string;
  name: string;
  /** "500 mg": shown beside the name, so two strengths of one brand never look alike. */
  strength?: string;
  unit: MedicineUnit;
  imageUrl?: string | null;
  pricePoisha: number;
  /** Stock when the item was added: the page's upper bound for + */
  stock: number;
  quantity: number;
  /** Sold only with a prescription (as the catalogue said; the server's quote and checkout decide). */
  prescriptionRequired?: boolean;
}

const KEY = 'cart';

/** One more of an item, up to `max` (the stock and the server's per-line limit, when known). */
export function addItem(cart: CartItem[], item: Omit<CartItem, 'quantity'>, max = Infinity): CartItem[] {
  const existing = cart.find((c) => c.id === item.id);
  if (existing) return increase(cart, item.id, max);
  return [...cart, { ...item, quantity: 1 }];
}

export function increase(cart: CartItem[], id: string, max = Infinity): CartItem[] {
  return cart.map((c) => (c.id === id ? { ...c, quantity: Math.max(c.quantity, Math.min(max, c.quantity + 1)) } : c));
}

export function decrease(cart: CartItem[], id: string): CartItem[] {
  const item = cart.find((c) => c.id === id);
  if (!item) return cart;
  if (item.quantity <= 1) return removeItem(cart, id);
  return cart.map((c) => (c.id === id ? { ...c, quantity: c.quantity - 1 } : c));
}

export function removeItem(cart: CartItem[], id: string): CartItem[] {
  return cart.filter((c) => c.id !== id);
}

export interface QuotedLine {
  medicineId: string;
  unitPricePoisha: number;
  available: boolean;
  medicine?: { stock: number } | null;
  /** Units the cart's prescription still allows of a prescription-only line (null: not asked, or not one). */
  prescriptionAllows?: number | null;
}

export type CartFlag = { kind: 'priceChanged'; was: number; now: number } | { kind: 'unavailable'; stock: number }
  | { kind: 'prescriptionLimit'; allows: number };

/** What changed since the shopper added each item, by medicine id. */
export function flagsFor(cart: CartItem[], quoted: QuotedLine[] | undefined): Record<string, CartFlag> {
  const flags: Record<string, CartFlag> = {};
  if (!quoted) return flags;
  const byId = new Map(quoted.map((q) => [q.medicineId, q]));
  for (const item of cart) {
    const q = byId.get(item.id);
    if (!q || !q.available) flags[item.id] = { kind: 'unavailable', stock: q?.medicine?.stock ?? 0 };
    else if (q.prescriptionAllows != null && item.quantity > q.prescriptionAllows) flags[item.id] = { kind: 'prescriptionLimit', allows: q.prescriptionAllows };
    else if (q.unitPricePoisha !== item.pricePoisha) flags[item.id] = { kind: 'priceChanged', was: item.pricePoisha, now: q.unitPricePoisha };
  }
  return flags;
}

/**
 * The shopper accepts today's prices and stock, and what the prescription has left: prices updated,
 * quantities capped, gone or used-up items removed.
 */
export function acceptChanges(cart: CartItem[], quoted: QuotedLine[]): CartItem[] {
  const byId = new Map(quoted.map((q) => [q.medicineId, q]));
  return cart.flatMap((item) => {
    const q = byId.get(item.id);
    const stock = q?.medicine?.stock ?? 0;
    const most = Math.min(stock, q?.prescriptionAllows ?? Infinity);
    if (!q?.medicine || most <= 0) return [];
    return [{ ...item, pricePoisha: q.unitPricePoisha, stock, quantity: Math.min(item.quantity, most) }];
  });
}

// ---------------------------------------------------------------- the store
// The empty cart is one array: hydrating a prerendered page (emptyCart below) then finds a visitor's
// cart unchanged and renders nothing again (a changed store means a synchronous render of its readers).
const NO_ITEMS: CartItem[] = [];

const listeners = new Set<() => void>();
let current: CartItem[] = read();

function valid(x: unknown): x is CartItem {
  const c = x as CartItem;
  return !!c && typeof c.id === 'string' && typeof c.name === 'string' && Number.isInteger(c.pricePoisha)
    && Number.isInteger(c.quantity) && c.quantity > 0;
}

function read(): CartItem[] {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const items = raw ? (JSON.parse(raw) as unknown) : [];
    const kept = Array.isArray(items) ? items.filter(valid) : [];
    return kept.length ? kept : NO_ITEMS;
  } catch {
    return NO_ITEMS;
  }
}

export function getCart(): CartItem[] {
  return current;
}

export function setCart(next: CartItem[]): void {
  current = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* private mode: the cart lives until the tab closes */
  }
  listeners.forEach((l) => l());
}

export function updateCart(change: (cart: CartItem[]) => CartItem[]): void {
  setCart(change(current));
}

/** Empties the cart; the prescription beside it goes with it (cartPrescription.ts follows the cart). */
export const clearCart = () => setCart([]);

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

globalThis.addEventListener?.('storage', (e: StorageEvent) => {
  if (e.key === KEY) {
    current = read();
    listeners.forEach((l) => l());
  }
});

// A prerendered page (src/prerender.tsx) has an empty cart: hydration starts from it, and React renders
// the reader's own at once after.
const emptyCart = () => NO_ITEMS;

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, getCart, emptyCart);
}

export function useCartCount(): number {
  const cart = useCart();
  return cart.reduce((s, c) => s + c.quantity, 0);
}

/** Where cartPrescription.ts keeps the prescription beside the cart (read here too: see cartPrescriptionId). */
export const CART_PRESCRIPTION_KEY = 'cartPrescription';

/**
 * The id of the prescription beside the cart, for the cart's quote, without loading
 * cartPrescription.ts (the cart page's first load has no room for another file). An empty cart has none.
 */
export function cartPrescriptionId(): string | null {
  if (current.length === 0) return null;
  try {
    const id = (JSON.parse(globalThis.localStorage?.getItem(CART_PRESCRIPTION_KEY) ?? 'null') as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** "Napa 500 mg": a line's brand and strength, as the catalogue shows them. */
export const lineName = (l: { name: string; strength?: string | null }) => (l.strength ? `${l.name} ${l.strength}` : l.name);
