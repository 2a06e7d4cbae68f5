import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { adoptedByReact, keepEarlyTaps } from '../earlyTaps';

// A page's markup is on screen before React has adopted it (prerendered, or a lazy page's chunk on
// its way): a tap there is kept and given to its control, once, when React has adopted it.
describe('taps before the app can answer (earlyTaps)', () => {
  let stop: () => void;
  let container: HTMLDivElement;
  let root: Root | undefined;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers();
    container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);
    stop = keepEarlyTaps(window, 'root');
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    stop();
    container.remove();
    vi.useRealTimers();
  });

  const serverMarkup = '<main><button type="button">Add to Cart</button><a href="#/cart">Cart</a></main>';
  function Page({ onAdd }: { onAdd: () => void }) {
    return <main><button type="button" onClick={onAdd}>Add to Cart</button><a href="#/cart">Cart</a></main>;
  }

  it('holds a tap on markup React has not adopted, says so, and gives it to the control once adopted', () => {
    container.innerHTML = serverMarkup;
    const button = container.querySelector('button')!;
    expect(adoptedByReact(button)).toBe(false);
    button.click();
    button.click(); // tapped again because nothing seemed to happen: the same wish
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('data-tap-waiting');

    const onAdd = vi.fn();
    // React's development build notes the two attributes the markup has and its render has not (the
    // production build does not compare attributes); nothing else may be reported.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => {
      root = hydrateRoot(container, <Page onAdd={onAdd} />);
    });
    expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => !/attributes of the server rendered HTML didn't match/.test(m))).toEqual([]);
    errors.mockRestore();
    expect(container.querySelector('button')).toBe(button); // the same element, adopted
    expect(adoptedByReact(button)).toBe(true);
    expect(onAdd).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(100); });
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('data-tap-waiting');
  });

  it('lets a tap on a control React already has straight through, without holding it', () => {
    const onAdd = vi.fn();
    act(() => {
      root = createRoot(container);
      root.render(<Page onAdd={onAdd} />);
    });
    container.querySelector('button')!.click();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')).not.toHaveAttribute('aria-busy');
  });

  it('leaves links alone: without the app they still go where they point', () => {
    container.innerHTML = serverMarkup;
    const link = container.querySelector('a')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('keeps a submit button from sending its form as a plain page load before the app has it', () => {
    container.innerHTML = '<form action="/search"><input name="q" /><button type="submit">Search</button></form>';
    const submitted = vi.fn((e: Event) => e.preventDefault());
    container.querySelector('form')!.addEventListener('submit', submitted);
    container.querySelector('button')!.click();
    expect(submitted).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toHaveAttribute('aria-busy', 'true');
  });

  it('drops the tap of a control that never gets adopted, and leaves controls outside the app alone', () => {
    container.innerHTML = serverMarkup;
    const button = container.querySelector('button')!;
    button.click();
    act(() => { vi.advanceTimersByTime(16_000); });
    expect(button).not.toHaveAttribute('aria-busy');

    const outside = document.createElement('button');
    const clicked = vi.fn();
    outside.addEventListener('click', clicked);
    document.body.append(outside);
    outside.click();
    expect(clicked).toHaveBeenCalledTimes(1);
    outside.remove();
  });
});
