import { lazy, Suspense, useEffect, useState, type RefObject } from 'react';
import type { SearchScope } from '@/gql/graphql';

const Suggestions = lazy(() => import('./SearchSuggestions'));

/**
 * A catalogue's search box that suggests as one types: an ARIA combobox over the page's own
 * uncontrolled input (lib/searchField.ts), in the page's first screen. Its suggestions (their query,
 * keys, words, and the combobox's state on the input) come in their own chunk when the box is first
 * focused (or found focused once hydrated): the first load of /, /doctors and /medicine carries only this.
 */
export default function SearchBox({ field, name, label, placeholder, scope, listId }: {
  field: { ref: RefObject<HTMLInputElement | null>; defaultValue?: string };
  name: string;
  label: string;
  placeholder: string;
  scope: SearchScope;
  /** The suggestions' id (unique in the page), which the box names as what it controls. */
  listId: string;
}) {
  const [active, setActive] = useState(false);
  // Focused before the page's script ran (its first screen comes in the HTML, and a phone's reader taps
  // the box at once): React never saw that focus, so it is read once hydrated, and the words typed
  // meanwhile are asked about as the suggestions arrive.
  const { ref } = field;
  useEffect(() => {
    if (ref.current && ref.current === document.activeElement) setActive(true);
  }, [ref]);
  return (
    <div className="search-box">
      <input ref={field.ref} defaultValue={field.defaultValue} className="input" type="text" name={name} aria-label={label} placeholder={placeholder}
        role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls={listId} autoComplete="off" spellCheck={false}
        onFocus={() => setActive(true)} />
      {active && <Suspense fallback={null}><Suggestions input={field.ref} listId={listId} scope={scope} /></Suspense>}
    </div>
  );
}
