import { useEffect, useRef } from 'react';

/**
 * A catalogue's search box, left to the browser (uncontrolled): the catalogues' first screen comes in
 * the HTML (src/prerender.tsx), so a reader may type before the page's script has run. A controlled
 * box would keep its state's '' through hydration and send that, losing the words on screen; this
 * one sends what the box holds (`read`). It shows the address's value whenever that changes after
 * the first render (a search, back, a reset), never over what was typed before hydration.
 */
export function useSearchField(value: string) {
  const ref = useRef<HTMLInputElement>(null);
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (ref.current) ref.current.value = value;
  }, [value]);
  return { ref, defaultValue: value, read: () => ref.current?.value ?? value };
}
