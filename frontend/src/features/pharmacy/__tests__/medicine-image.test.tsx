import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18n from '@/i18n';
import MedicineImage from '../components/MedicineImage';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('MedicineImage (pack pictures)', () => {
  it('names the pack with brand and strength, in English and in Bangla', async () => {
    render(<MedicineImage url="/uploads/generated/napa.webp" name="Napa" strength="500 mg" />);
    expect(screen.getByRole('img', { name: 'Pack of Napa 500 mg' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('bn'));
    expect(screen.getByRole('img', { name: 'Napa 500 mg-এর প্যাকেট' })).toBeInTheDocument();
  });

  it('is sized (a 4:3 card picture, 64 px in cart lines), lazy unless asked to load at once', () => {
    render(<>
      <MedicineImage url="/card.webp" name="Seclo" eager priority />
      <MedicineImage url="/line.webp" name="Fexo" small />
    </>);
    const [card, line] = screen.getAllByRole('img');
    expect(card).toHaveAttribute('width', '400');
    expect(card).toHaveAttribute('height', '300');
    expect(card).toHaveAttribute('loading', 'eager');
    expect(card).toHaveAttribute('fetchpriority', 'high');
    expect(line).toHaveAttribute('width', '64');
    expect(line).toHaveAttribute('height', '64');
    expect(line).toHaveAttribute('loading', 'lazy');
  });

  it('falls back to the pack icon when the file fails to load', () => {
    render(<MedicineImage url="/broken.webp" name="Ace" small />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('picture-fallback').querySelector('svg')).not.toBeNull();
  });
});
