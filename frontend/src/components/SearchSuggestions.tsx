import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SearchSuggestionsDocument, type SearchScope, type SearchSuggestionsQuery } from '@/gql/graphql';
import { appApolloClient } from '@/lib/apollo';
import { formatTaka } from '@/lib/money';
import { specialityTitle } from '@/lib/specialities';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { paths, to } from '@/config/paths';
import './search-i18n';

type Found = SearchSuggestionsQuery['searchSuggestions'];
interface Option {
  group: 'fix' | 'specialities' | 'doctors' | 'medicines' | 'more';
  label: string;
  /** Written as the catalogue writes it (a strength), never translated. */
  code?: string;
  detail?: string;
  choose: () => void;
}

/** Letters typed before suggestions are asked for (two: one letter matches half the catalogue). */
const MIN_LETTERS = 2;
/** Typing pauses this long before asking; a newer question cancels the one under way. */
const DEBOUNCE_MS = 200;
const PER_KIND = 5;

/**
 * The suggestions of a SearchBox (ARIA 1.2 combobox with a listbox popup): asked of the server as one
 * types (debounced, the request under way cancelled when typing goes on), read with the keyboard
 * (↓ ↑ move, Enter chooses, Escape closes, Tab leaves) and announced to screen readers (how many, in
 * the reader's digits). What the text leads to comes grouped: specialities (with the word or complaint
 * that led there), doctors, medicines; "did you mean" when nothing matches.
 */
export default function SearchSuggestions({ input, listId, scope }: {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  scope: SearchScope;
}) {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language;
  const navigate = useNavigate();
  const titleOf = useDoctorTitle();
  const [found, setFound] = useState<Found | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const options = useMemo<Option[]>(() => {
    if (!found) return [];
    const text = found.text;
    const submit = (value: string) => {
      const el = input.current;
      if (!el) return;
      el.value = value;
      el.form?.requestSubmit();
    };
    const out: Option[] = [];
    if (found.didYouMean) out.push({ group: 'fix', label: t('didYouMean', { text: found.didYouMean }), choose: () => submit(found.didYouMean!) });
    for (const s of found.specialities) {
      out.push({
        group: 'specialities', label: specialityTitle(s.speciality, lang), detail: s.term ? t('via', { term: s.term }) : undefined,
        choose: () => void navigate(`${paths.doctors}?speciality=${encodeURIComponent(s.speciality.title)}`),
      });
    }
    for (const d of found.doctors) {
      out.push({ group: 'doctors', label: `${titleOf(d.title)} ${d.name}`, detail: d.degree, choose: () => void navigate(to('doctorDetail', { doctorId: d.id })) });
    }
    for (const m of found.medicines) {
      out.push({
        group: 'medicines', label: lang.startsWith('bn') && m.nameBn ? m.nameBn : m.name, code: m.strength, detail: formatTaka(m.pricePoisha, lang),
        choose: () => void navigate(to('medicineDetail', { id: m.id })),
      });
    }
    // The home page's box searches doctors when submitted; medicines are one more choice away.
    if (scope === 'All' && out.length) {
      out.push({ group: 'more', label: t('medicinesFor', { text }), choose: () => void navigate(`${paths.medicine}?keyword=${encodeURIComponent(text)}`) });
    }
    return out;
  }, [found, lang, scope, t, titleOf, navigate, input]);

  const shown = open && options.length > 0;
  // The combobox's state, on the page's own input (the box renders it without knowing the suggestions).
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) el.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else el.removeAttribute('aria-activedescendant');
  }, [input, shown, active, listId]);

  // The listeners read the latest list through refs: they are attached once, to the page's own input.
  const latest = useRef({ options, active, shown });
  latest.current = { options, active, shown };

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking: AbortController | null = null;
    const ask = () => {
      const text = el.value.trim();
      asking?.abort();
      if ([...text].length < MIN_LETTERS) {
        setFound(null);
        return;
      }
      const question = (asking = new AbortController());
      appApolloClient().query({
        query: SearchSuggestionsDocument, variables: { text, scope, limit: PER_KIND }, context: { fetchOptions: { signal: question.signal } },
      }).then(({ data }) => {
        if (question.signal.aborted || !data) return;
        setFound(data.searchSuggestions);
        setActive(-1);
        setOpen(document.activeElement === el);
      }, () => { /* cancelled, or no answer: the box works without suggestions */ });
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(ask, DEBOUNCE_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      const { options: list, active: at, shown: visible } = latest.current;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!list.length) return;
        e.preventDefault();
        setOpen(true);
        const down = e.key === 'ArrowDown';
        setActive(!visible ? (down ? 0 : list.length - 1) : down ? (at + 1) % list.length : at <= 0 ? list.length - 1 : at - 1);
      } else if (e.key === 'Enter') {
        // An option chosen opens it; otherwise the form searches for what was typed, the list out of the way.
        setOpen(false);
        if (visible && at >= 0) {
          e.preventDefault();
          list[at]!.choose();
        }
      } else if (e.key === 'Escape' && visible) {
        e.preventDefault();
        setOpen(false);
      } else if (e.key === 'Tab') setOpen(false);
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => setOpen(true);
    el.addEventListener('input', onInput);
    el.addEventListener('keydown', onKey);
    el.addEventListener('blur', onBlur);
    el.addEventListener('focus', onFocus);
    // Words typed before this chunk arrived are asked about at once.
    if (el.value.trim()) ask();
    return () => {
      el.removeEventListener('input', onInput);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('focus', onFocus);
      clearTimeout(timer);
      asking?.abort();
    };
  }, [input, scope]);

  const groups = (['fix', 'specialities', 'doctors', 'medicines', 'more'] as const)
    .map((g) => ({ g, items: options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === g) }))
    .filter(({ items }) => items.length);
  return (
    <>
      <div role="status" className="sr-only">{found ? (options.length ? t('count', { count: options.length }) : t('none')) : ''}</div>
      <div role="listbox" id={listId} aria-label={t('suggestions')} className="suggestions" hidden={!shown}>
        {groups.map(({ g, items }) => (
          <div role="group" key={g} aria-label={t(`group.${g}`)}>
            {g !== 'fix' && g !== 'more' && <div className="suggestions-head" aria-hidden="true">{t(`group.${g}`)}</div>}
            {items.map(({ o, i }) => (
              <div role="option" key={i} id={`${listId}-${i}`} aria-selected={i === active} className={i === active ? 'suggestion active' : 'suggestion'}
                onMouseDown={(e) => e.preventDefault()} onMouseEnter={() => setActive(i)}
                onClick={() => { setOpen(false); o.choose(); }}>
                <span className="suggestion-label">{o.label}{o.code && <> <span translate="no">{o.code}</span></>}</span>
                {o.detail && <span className="suggestion-detail">{o.detail}</span>}
              </div>
            ))}
          </div>
        ))}
      </div>
    </>
  );
}
