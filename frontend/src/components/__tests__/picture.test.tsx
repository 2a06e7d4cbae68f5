import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18n from '@/i18n';
import PersonPhoto, { initialsOf } from '../PersonPhoto';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const URL = '/uploads/generated/ab12.webp';

describe('PersonPhoto (doctors and nurses)', () => {
  it('says whose photo it is, in English and in Bangla', async () => {
    render(<PersonPhoto url={URL} name="Ayesha Siddiqua" title="Dr." size={72} />);
    expect(screen.getByRole('img', { name: 'Photo of Dr. Ayesha Siddiqua' })).toHaveAttribute('src', URL);
    await act(() => i18n.changeLanguage('bn'));
    expect(screen.getByRole('img', { name: 'Dr. Ayesha Siddiqua-এর ছবি' })).toBeInTheDocument();
  });

  it('sets its width and height, so that the page does not move when the file arrives', () => {
    render(<PersonPhoto url={URL} name="Lipi Rani Das" size={96} />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('width', '96');
    expect(img).toHaveAttribute('height', '96');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('waits until it scrolls near, unless it is above the fold', () => {
    render(<>
      <PersonPhoto url="/a.webp" name="Below Fold" size={64} />
      <PersonPhoto url="/b.webp" name="First Card" size={64} eager />
      <PersonPhoto url="/c.webp" name="Detail Page" size={120} eager priority />
    </>);
    const [below, first, detail] = screen.getAllByRole('img');
    expect(below).toHaveAttribute('loading', 'lazy');
    expect(below).not.toHaveAttribute('fetchpriority');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).not.toHaveAttribute('fetchpriority');
    expect(detail).toHaveAttribute('loading', 'eager');
    expect(detail).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the initials in the same box when the file fails to load or there is none', () => {
    render(<PersonPhoto url={URL} name="Mahbubur Rahman" size={56} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    const fallback = screen.getByTestId('picture-fallback');
    expect(fallback).toHaveTextContent('MR');
    expect(fallback).toHaveStyle({ width: '56px', height: '56px' });

    render(<PersonPhoto url={null} name="Tania Sarker" size={40} />);
    expect(screen.getAllByTestId('picture-fallback')[1]).toHaveTextContent('TS');
  });

  it('takes initials from the first and last names', () => {
    expect(initialsOf('Ayesha Siddiqua')).toBe('AS');
    expect(initialsOf('Prodip Kumar Saha')).toBe('PS');
    expect(initialsOf('Harun-or-Rashid')).toBe('HR');
    expect(initialsOf('Mitu')).toBe('M');
  });
});
