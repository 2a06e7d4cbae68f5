import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '@/i18n';
import { renderScreen } from '@/test/render';
import { useSearchField } from '@/lib/searchField';
import SearchBox from '../SearchBox';

/** The server's answers, by the text asked; every question is recorded with its cancellation signal. */
const asked: { text: string; scope: string; signal: AbortSignal }[] = [];
let answers: Record<string, unknown> = {};
vi.mock('@/lib/apollo', () => ({
  appApolloClient: () => ({
    query: ({ variables, context }: { variables: { text: string; scope: string }; context: { fetchOptions: { signal: AbortSignal } } }) => {
      asked.push({ text: variables.text, scope: variables.scope, signal: context.fetchOptions.signal });
      return Promise.resolve({ data: { searchSuggestions: answers[variables.text] ?? found(variables.text) } });
    },
  }),
}));

const found = (text: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'SearchSuggestions', text, didYouMean: null, specialities: [], doctors: [], medicines: [], ...extra,
});
const CHEST = found('chest pai', {
  specialities: [{ term: 'chest pain', speciality: { id: 's1', title: 'Cardiology', titleBn: 'হৃদরোগ' } }],
  doctors: [{ id: 'd1', title: 'Dr', name: 'Selina Parveen', degree: 'MBBS, FCPS', specialities: ['Cardiology'] }],
  medicines: [{ id: 'm1', name: 'Napa', nameBn: 'নাপা', strength: '500 mg', form: 'Tablet', pricePoisha: 1200 }],
});

function Box() {
  const field = useSearchField('');
  return (
    <form role="search" onSubmit={(e) => { e.preventDefault(); document.title = `searched ${field.read()}`; }}>
      <SearchBox field={field} name="q" label="Search doctors" placeholder="Search" scope="Doctors" listId="test-suggestions" />
    </form>
  );
}

async function typeInto(box: HTMLElement, text: string) {
  act(() => box.focus());
  (box as HTMLInputElement).value = text;
  fireEvent.input(box);
  await act(async () => { await vi.advanceTimersByTimeAsync(250); });
}

describe('the search box (ARIA combobox with suggestions)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    asked.length = 0;
    answers = { 'chest pai': CHEST };
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it('is a combobox from the first render, and asks only once typing pauses, cancelling what typing overtook', async () => {
    renderScreen(<Box />);
    const box = screen.getByRole('combobox', { name: 'Search doctors' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    act(() => box.focus());
    // Typing: "ch", then quickly "chest pai": one question after the pause.
    (box as HTMLInputElement).value = 'ch';
    fireEvent.input(box);
    await act(async () => { await vi.advanceTimersByTimeAsync(50); });
    (box as HTMLInputElement).value = 'chest pai';
    fireEvent.input(box);
    await act(async () => { await vi.advanceTimersByTimeAsync(250); });
    await waitFor(() => expect(asked.map((a) => a.text)).toEqual(['chest pai']));
    expect(asked[0]!.scope).toBe('Doctors');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    // A new question cancels the one under way.
    (box as HTMLInputElement).value = 'chest pain';
    fireEvent.input(box);
    await act(async () => { await vi.advanceTimersByTimeAsync(250); });
    (box as HTMLInputElement).value = 'chest pains';
    fireEvent.input(box);
    await act(async () => { await vi.advanceTimersByTimeAsync(250); });
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[1]!.signal.aborted).toBe(true);
    expect(asked[2]!.signal.aborted).toBe(false);
  });

  it('groups what it found, says how many, and moves with the arrow keys', async () => {
    renderScreen(<Box />);
    const box = screen.getByRole('combobox');
    await typeInto(box, 'chest pai');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getByRole('group', { name: 'Specialities' })).toHaveTextContent('Cardiology');
    expect(screen.getByRole('option', { name: /Cardiology.*chest pain/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Selina Parveen/ })).toBeInTheDocument();
    expect(within(screen.getByRole('search')).getByRole('status')).toHaveTextContent('3 suggestions');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const first = screen.getAllByRole('option')[0]!;
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[2]!.id);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('opens what Enter chooses: a speciality goes to its doctors', async () => {
    renderScreen(<Box />);
    const box = screen.getByRole('combobox');
    await typeInto(box, 'chest pai');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
  });

  it('offers "did you mean", which searches for it', async () => {
    answers = { gynocologist: found('gynocologist', { didYouMean: 'Gynecology' }) };
    renderScreen(<Box />);
    const box = screen.getByRole('combobox');
    await typeInto(box, 'gynocologist');
    fireEvent.click(await screen.findByRole('option', { name: 'Did you mean “Gynecology”?' }));
    expect((box as HTMLInputElement).value).toBe('Gynecology');
    expect(document.title).toBe('searched Gynecology');
  });

  it('speaks Bangla on a Bangla screen, with Bangla digits and Bangla brand names', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<Box />);
    const box = screen.getByRole('combobox');
    await typeInto(box, 'chest pai');
    await screen.findByRole('listbox', { name: 'পরামর্শ' });
    expect(within(screen.getByRole('search')).getByRole('status')).toHaveTextContent('৩টি পরামর্শ');
    expect(screen.getByRole('option', { name: /হৃদরোগ/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /নাপা/ })).toHaveTextContent('৳ ১২');
  });

  it('asks nothing for one letter', async () => {
    renderScreen(<Box />);
    await typeInto(screen.getByRole('combobox'), 'c');
    expect(asked).toEqual([]);
  });
});
