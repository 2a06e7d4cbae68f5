import { describe, expect, it } from '@jest/globals';
import { ListCache } from '../list-cache.js';

describe('ListCache (public list totals and matches)', () => {
  const counter = () => {
    let calls = 0;
    const compute = (value = 7) => () => {
      calls += 1;
      return Promise.resolve(value);
    };
    return { compute, calls: () => calls };
  };

  it('counts every time with a TTL of 0 (development and tests)', async () => {
    const c = counter();
    const cache = new ListCache(0);
    await cache.get('k', c.compute());
    await cache.get('k', c.compute());
    expect(c.calls()).toBe(2);
  });

  it('keeps a total per filter until it expires, then counts again', async () => {
    let now = 1_000;
    const c = counter();
    const cache = new ListCache(10_000, 100, () => now);
    expect(await cache.get('doctors:a', c.compute(5))).toBe(5);
    expect(await cache.get('doctors:a', c.compute(6))).toBe(5);
    expect(await cache.get('doctors:b', c.compute(9))).toBe(9);
    expect(c.calls()).toBe(2);
    now += 10_000;
    expect(await cache.get('doctors:a', c.compute(6))).toBe(6);
    expect(c.calls()).toBe(3);
  });

  it('shares one statement between concurrent misses', async () => {
    let release!: (n: number) => void;
    let calls = 0;
    const cache = new ListCache(10_000);
    const slow = () => {
      calls += 1;
      return new Promise<number>((resolve) => { release = resolve; });
    };
    const all = Promise.all(Array.from({ length: 10 }, () => cache.get('k', slow)));
    release(42);
    expect(await all).toEqual(Array(10).fill(42));
    expect(calls).toBe(1);
  });

  it('does not remember a failed count', async () => {
    const cache = new ListCache(10_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.get('k', () => Promise.resolve(3))).toBe(3);
  });

  it('holds at most maxEntries filters, dropping the oldest', async () => {
    const c = counter();
    const cache = new ListCache(10_000, 2);
    await cache.get('a', c.compute(1));
    await cache.get('b', c.compute(2));
    await cache.get('c', c.compute(3));
    await cache.get('b', c.compute(20));
    expect(c.calls()).toBe(3);
    expect(await cache.get('a', c.compute(10))).toBe(10);
    expect(c.calls()).toBe(4);
  });
});
