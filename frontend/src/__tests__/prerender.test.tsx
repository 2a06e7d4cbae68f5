// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { intoPage, render as renderHome, renderScreen } from '../prerender';
import { FIRST_LOAD_PAGES } from '../config/firstLoads';

const render = async (...args: Parameters<typeof renderHome>) => (await renderHome(...args)).markup;

// The build's prerender of the home page (src/prerender.tsx) runs in Node, with no window, no
// localStorage and no sessionStorage: what it renders is what a visitor's first screen must be, and
// what main.tsx hydrates.
describe('the home page prerendered by the build', () => {
  it('renders the header and the landing block in English, as a visitor sees them', async () => {
    const html = await render('en', '/', { splash: false });
    expect(html).toContain('<h1 id="hero-heading">Your doctor, nurse and medicine, a tap away</h1>');
    expect(html).toContain('href="/user-signin"');
    expect(html).toContain('>বাংলা</button>');
    // No session, an empty cart: those follow once hydrated.
    expect(html).not.toContain('count-badge');
    expect(html).not.toContain('data-testid="splash"');
    expect(html).not.toContain('user-menu');
  });

  it('renders the same screen in Bangla', async () => {
    const html = await render('bn', '/', { splash: false });
    expect(html).toContain('<h1 id="hero-heading">ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই</h1>');
    expect(html).toContain('নীরোগ');
    expect(html).toContain('>English</button>');
    expect(html).not.toContain('Your doctor, nurse and medicine');
  });

  it("holds the splash for a browser session's first visit, hidden from screen readers, in the page's language", async () => {
    const en = await render('en', '/', { splash: true });
    expect(en).toMatch(/<div class="splash" aria-hidden="true" data-testid="splash">.*<h1 id="hero-heading">/s);
    const bn = await render('bn', '/', { splash: true });
    expect(bn).toMatch(/<div class="splash"[^>]*><div><p class="splash-title">নীরোগ/);
    // The next render without it: the flag is per render.
    expect(await render('en', '/', { splash: false })).not.toContain('class="splash"');
  });

  it('leaves the sections that read data as their placeholders, for the browser to fill', async () => {
    const html = await render('en', '/', { splash: false });
    expect(html).toContain('class="best-doctors"');
    expect(html).toMatch(/card-placeholder/);
    expect(html).toContain('<footer');
  });

  it('leaves them as plain markup, not as boundaries the server could not finish', async () => {
    // A `<!--$!-->` boundary is rendered by React at the default priority, never in slices: the
    // sections' code and first render in one long task right after hydration (components/DataSection.tsx).
    for (const lang of ['en', 'bn'] as const) {
      const html = await render(lang, '/', { splash: false });
      expect(html).toMatch(/card-placeholder/);
      expect(html).not.toContain('<!--$!');
      expect(html).not.toContain('<!--$?');
    }
  });
});

// A catalogue's first screen, rendered by the server at request time from its first read
// (renderScreen; backend/src/common/spa-preloads.ts): the rows are in the markup, in the reader's
// language, and the cache holds the answer the browser's client starts from.
describe("a catalogue's first screen rendered from its first read", () => {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../gql/persisted-documents.json'), 'utf8')) as Record<string, string>;
  const documentOf = (operation: string) => Object.values(manifest).find((text) => new RegExp(`(^|\\s)query ${operation}\\b`).test(text))!;
  const row = {
    __typename: 'Doctor', id: 'd1', title: 'ProfDr', name: 'Dilruba Yasmeen', avatarUrl: '/uploads/generated/d1.webp', degree: 'MBBS, FCPS',
    specialities: ['Neurology'], work: 'Rajshahi Medical College Hospital', experienceYears: 12, feePoisha: 80000,
    gender: 'Female', isOnline: true, rating: 4.5, reviewCount: 0, location: 'Rajshahi', type: 'Online',
  };
  const read = {
    query: documentOf('Doctors'),
    variables: FIRST_LOAD_PAGES.find((p) => p.route === 'doctors')!.read!.variables,
    data: { doctors: { __typename: 'DoctorPage', items: [row], total: 1, page: 1, pageSize: 10, pageCount: 1, didYouMean: null } },
  };

  it('renders /doctors with its rows, the header and the footer, and the cache of the answer', async () => {
    const screen = await renderScreen('en', '/doctors', read, { splash: false });
    expect(screen.markup).toContain('<h1 class="page-title">Doctors</h1>');
    expect(screen.markup).toContain('Dilruba Yasmeen');
    expect(screen.markup).toContain('Rajshahi Medical College Hospital');
    expect(screen.markup).toContain('<footer');
    // Whole and in place: no part left for the browser to render (<!--$!-->), and none moved out of
    // place to be put back by an inline script (<!--$?-->), which the Content-Security-Policy blocks.
    expect(screen.markup).not.toMatch(/<!--\$[?!]-->/);
    expect(screen.markup).not.toContain('<script');
    // The first row's photo is preloaded from the head.
    expect(screen.hints).toContain('/uploads/generated/d1.webp');
    expect(JSON.stringify(screen.state)).toContain('"Doctor:d1"');
    expect(Object.keys((screen.state as { ROOT_QUERY: object }).ROOT_QUERY).some((k) => k.startsWith('doctors('))).toBe(true);
  });

  it('renders it in Bangla, and renders of both languages at once each keep their own', async () => {
    const [bn, en] = await Promise.all([
      renderScreen('bn', '/doctors', read, { splash: false }),
      renderScreen('en', '/doctors', read, { splash: true }),
    ]);
    expect(bn.markup).toContain('>English</button>');
    expect(bn.markup).not.toContain('>Doctors</h1>');
    expect(bn.markup).not.toContain('class="splash"');
    expect(en.markup).toContain('>Doctors</h1>');
    expect(en.markup).toContain('class="splash"');
  });

  it('puts a screen into index.html: in #root, in its language, marked for hydration, its scripts at low priority', () => {
    const index = '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-a.js"></script></head><body>\n<div id="root"><header>static</header></div>\n</body></html>';
    const page = intoPage(index, { lang: 'bn', splash: false, markup: '<p>rows</p>', hints: '<link rel="preload" as="image" href="/a.webp"/>' });
    expect(page).toContain('<html lang="bn"');
    expect(page).toContain('<div id="root" data-prerendered="bn"><p>rows</p></div>');
    expect(page).toContain('fetchpriority="low" src="/assets/index-a.js"');
    expect(page).toContain('<link rel="preload" as="image" href="/a.webp"/></head>');
    expect(() => intoPage('<html><body></body></html>', { lang: 'en', splash: false, markup: '', hints: '' })).toThrow(/#root/);
  });
});
