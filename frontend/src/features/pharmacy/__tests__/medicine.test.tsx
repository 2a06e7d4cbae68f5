import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MedicinesDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { getCart, setCart } from '../cart/cart';
import MedicinePage from '../pages/MedicinePage';

const napa = {
  __typename: 'Medicine', id: 'm1', name: 'Napa', nameBn: 'নাপা', genericName: 'Paracetamol', company: 'Beximco Pharmaceuticals', strength: '500 mg',
  form: 'Tablet', unit: 'Strip', pricePoisha: 1200, stock: 10, inStock: true, imageUrl: null, isActive: true,
  prescriptionRequired: false,
};
const page = (items: unknown[], keyword?: string, didYouMean: string | null = null) => ({
  request: { query: MedicinesDocument, variables: { keyword, form: undefined, page: 1, pageSize: 24 } },
  result: { data: { medicines: { __typename: 'MedicinePage', items, total: items.length, page: 1, pageSize: 24, pageCount: 1, didYouMean } } },
});

beforeEach(() => setCart([]));
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('medicine search as Bangladesh types', () => {
  it('offers the spelling that would find something when nothing matches', async () => {
    renderScreen(<MedicinePage />, { path: '/medicine', route: '/medicine?keyword=paractemol', mocks: [page([], 'paractemol', 'Paracetamol')] });
    const offer = await screen.findByRole('link', { name: 'Paracetamol' });
    expect(offer).toHaveAttribute('href', '/medicine?keyword=Paracetamol');
    expect(screen.getByText(/Did you mean/)).toBeInTheDocument();
  });

  it('writes the brand in Bangla on a Bangla screen (the Latin brand where there is none)', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<MedicinePage />, { path: '/medicine', route: '/medicine', mocks: [page([napa, { ...napa, id: 'm2', name: 'Zentel', nameBn: '' }])] });
    expect(await screen.findByRole('heading', { name: /নাপা/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Zentel/ })).toBeInTheDocument();
  });
});

describe('medicine search', () => {
  it("shows 'No Medicine Found' when nothing matches", async () => {
    renderScreen(<MedicinePage />, { path: '/medicine', route: '/medicine?keyword=zzz', mocks: [page([], 'zzz')] });
    expect(await screen.findByText('No Medicine Found')).toBeInTheDocument();
  });

  it('keeps the placeholders until the cards render (they render as a transition): no commit shows neither', async () => {
    const commits: { placeholders: number; cards: number }[] = [];
    const seen = () => commits.push({
      placeholders: document.querySelectorAll('.med-card-placeholder').length,
      cards: document.querySelectorAll('[data-testid="medicine-card"]').length,
    });
    renderScreen(<Profiler id="medicine" onRender={seen}><MedicinePage /></Profiler>, { path: '/medicine', route: '/medicine', mocks: [page([napa])] });
    expect(await screen.findAllByTestId('medicine-card')).toHaveLength(1);
    expect(commits[0]).toEqual({ placeholders: 4, cards: 0 });
    expect(commits.at(-1)).toEqual({ placeholders: 0, cards: 1 });
    expect(commits.filter((c) => c.placeholders === 0 && c.cards === 0)).toEqual([]);
  });

  it("adds a medicine to the cart with 'Item Added to Cart', and one more on the second click", async () => {
    renderScreen(<MedicinePage />, { path: '/medicine', route: '/medicine', mocks: [page([napa])] });
    expect(await screen.findByText('Paracetamol')).toBeInTheDocument();
    expect(screen.getByText('৳ 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(await screen.findByText('Item Added to Cart')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(getCart()).toEqual([expect.objectContaining({ id: 'm1', quantity: 2, pricePoisha: 1200 })]);
  });
});
