import { lazy, Suspense, useId, useState, type RefObject } from 'react';
import type { SearchScope } from '@/gql/graphql';

const Suggestions = lazy(() => import('./SearchSuggestions'));

/** What the suggestions tell the box (ARIA 1.2 combobox: whether its list shows, and which option is active). */
export interface ComboState {
  expanded: boolean;
  active?: string;
}

/**
 * A catalogue's search box that suggests as one types: an ARIA combobox over the page's own
 * uncontrolled input (lib/searchField.ts), in the page's first screen. The suggestions (their query,
 * keys and words) come in their own chunk when the box is first focused: the first load of /, /doctors
 * and /medicine carries only this.
 */
export default function SearchBox({ field, name, label, placeholder, scope }: {
  field: { ref: RefObject<HTMLInputElement | null>; defaultValue: string };
  name: string;
  label: string;
  placeholder: string;
  scope: SearchScope;
}) {
  const listId = `${useId()}list`;
  const [active, setActive] = useState(false);
  const [combo, setCombo] = useState<ComboState>({ expanded: false });
  return (
    <div className="search-box">
      <input ref={field.ref} defaultValue={field.defaultValue} className="input" type="text" name={name} aria-label={label} placeholder={placeholder}
        role="combobox" aria-autocomplete="list" aria-expanded={combo.expanded} aria-controls={listId} aria-activedescendant={combo.active}
        autoComplete="off" spellCheck={false} onFocus={() => setActive(true)} />
      {active && <Suspense fallback={null}><Suggestions input={field.ref} listId={listId} scope={scope} onCombo={setCombo} /></Suspense>}
    </div>
  );
}
