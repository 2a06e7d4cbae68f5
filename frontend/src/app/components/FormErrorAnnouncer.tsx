import { useEffect, useState } from 'react';

/**
 * Says a form's errors aloud. antd 6 shows a field's error under it and links it to the field
 * (aria-describedby), but without a live region: a screen reader user who pressed Submit heard
 * nothing. One polite region for the whole page, present before any error, repeats each error as it
 * appears. It watches the DOM for antd's error class (and .field-problem, the light forms' own, as the
 * login form's) rather than each of the app's forms, and lives in
 * the shell (not in antd's provider, of which a page may hold several) so that it speaks once.
 * It empties on another page (`page`, the path): the errors of the page before were still in the
 * region, read out again on the next page by a screen reader moving through it.
 */
export default function FormErrorAnnouncer({ page }: { page?: string }) {
  const [text, setText] = useState('');
  const [shownOn, setShownOn] = useState(page);
  if (shownOn !== page) {
    setShownOn(page);
    setText('');
  }
  useEffect(() => {
    let shown = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const collect = () => {
      const now = new Set([...document.querySelectorAll('.ant-form-item-explain-error, .field-problem')].map((e) => e.textContent?.trim() ?? '').filter(Boolean));
      const fresh = [...now].filter((m) => !shown.has(m));
      shown = now;
      if (fresh.length) setText(fresh.join('. '));
    };
    // antd adds the errors of one submit in a burst (with a motion): say them together.
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(collect, 100);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [page]);
  return <div className="sr-only" role="status" aria-live="polite" data-testid="form-errors-live">{text}</div>;
}
