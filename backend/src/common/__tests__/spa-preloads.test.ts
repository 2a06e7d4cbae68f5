import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readerLang, SpaPages } from '../spa-preloads.js';

const INDEX = '<!doctype html><html><head><title>Nirog</title></head><body><div id="root"></div></body></html>';
const PRELOADS = {
  routes: [
    { path: '/doctors', js: ['/assets/DoctorsPage-a.js', '/assets/apollo-b.js'], css: [] },
    { path: '/doctor/:doctorId', js: ['/assets/DoctorDetailPage-c.js', '/assets/apollo-b.js'], css: ['/assets/page-d.css'] },
  ],
  exclude: ['/doctor/login', '/doctor/signup'],
};

const HOME = {
  en: '<html lang="en"><div id="root" data-prerendered="en"><h1>Your doctor</h1></div>',
  'en.splash': '<html lang="en"><div id="root" data-prerendered="en" data-splash="shown"><div class="splash"></div><h1>Your doctor</h1></div>',
  bn: '<html lang="bn"><div id="root" data-prerendered="bn"><h1>ডাক্তার</h1></div>',
  'bn.splash': '<html lang="bn"><div id="root" data-prerendered="bn" data-splash="shown"><div class="splash"></div><h1>ডাক্তার</h1></div>',
};
const SEEN = 'nirog.splashSeen=1';

function dist(withPreloads: boolean, prerendered: (keyof typeof HOME)[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nirog-spa-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (withPreloads) writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(PRELOADS));
  if (prerendered.length) mkdirSync(path.join(dir, 'prerendered'));
  for (const lang of prerendered) writeFileSync(path.join(dir, 'prerendered', `home.${lang}.html`), HOME[lang]);
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the single-page app with its first-load preloads', () => {
  const pages = new SpaPages(dist(true));

  it("names a first-load page's chunks (and stylesheet) in the head, in order, nothing else changed", () => {
    const html = pages.htmlFor('/doctor/4f664425-0642-454e-91f8-12453ce223d9');
    expect(html).toBe(INDEX.replace('</head>', '<link rel="preload" as="style" href="/assets/page-d.css" crossorigin>'
      + '<link rel="modulepreload" crossorigin href="/assets/DoctorDetailPage-c.js"><link rel="modulepreload" crossorigin href="/assets/apollo-b.js"></head>'));
    expect(pages.htmlFor('/doctors')).toContain('href="/assets/DoctorsPage-a.js"');
    expect(pages.htmlFor('/doctors/')).toContain('href="/assets/DoctorsPage-a.js"');
  });

  it('gives every other route index.html as built, static routes beside a parameter route included', () => {
    for (const p of ['/', '/doctor/login', '/doctor/signup', '/doctor/a/b', '/doctorsx', '/admin-dashboard', '/nope']) expect(pages.htmlFor(p)).toBe(INDEX);
  });

  it('serves index.html as built when the build wrote no preloads (an older build)', () => {
    expect(new SpaPages(dist(false)).htmlFor('/doctors')).toBe(INDEX);
  });
});

describe('the home page, prerendered in the reader\'s language', () => {
  const pages = new SpaPages(dist(true, ['en', 'en.splash', 'bn', 'bn.splash']));

  it('sends `/` in the language of the nirog.lang cookie, English without one, and says the answer varies by cookie', () => {
    expect(pages.pageFor('/', SEEN)).toEqual({ html: HOME.en, varies: true });
    expect(pages.pageFor('/', `nirog.lang=en; ${SEEN}`)).toEqual({ html: HOME.en, varies: true });
    expect(pages.pageFor('/', `theme=dark; nirog.lang=bn; ${SEEN}`)).toEqual({ html: HOME.bn, varies: true });
    expect(pages.pageFor('/', `${SEEN}; nirog.lang=bn; theme=dark`)).toEqual({ html: HOME.bn, varies: true });
  });

  it("holds the splash until the browser session's cookie says it was seen", () => {
    expect(pages.pageFor('/', undefined)).toEqual({ html: HOME['en.splash'], varies: true });
    expect(pages.pageFor('/', 'nirog.lang=bn')).toEqual({ html: HOME['bn.splash'], varies: true });
    expect(pages.pageFor('/', 'nirog.splashSeen=0; nirog.lang=bn').html).toBe(HOME['bn.splash']);
    expect(pages.pageFor('/', 'nirog.lang=bn; nirog.splashSeen=1').html).toBe(HOME.bn);
  });

  it('ignores a cookie of another name or an unknown language', () => {
    expect(pages.pageFor('/', `xnirog.lang=bn; ${SEEN}`).html).toBe(HOME.en);
    expect(pages.pageFor('/', `nirog.lang=fr; ${SEEN}`).html).toBe(HOME.en);
    expect(pages.pageFor('/', `nirog.lang=bnx; ${SEEN}`).html).toBe(HOME.en);
    expect(pages.pageFor('/', `xnirog.splashSeen=1`).html).toBe(HOME['en.splash']);
    expect(readerLang('nirog.lang=bn')).toBe('bn');
    expect(readerLang('')).toBe('en');
  });

  it('prerenders `/` alone: other routes keep their HTML, whatever the cookie', () => {
    expect(pages.pageFor('/home', 'nirog.lang=bn')).toEqual({ html: INDEX, varies: false });
    expect(pages.pageFor('/doctors', 'nirog.lang=bn')).toEqual({ html: pages.htmlFor('/doctors'), varies: false });
    expect(pages.pageFor('/doctors', undefined).html).toContain('DoctorsPage-a.js');
  });

  it('falls back to English when a language is missing, and to index.html when the build prerendered nothing', () => {
    expect(new SpaPages(dist(false, ['en'])).pageFor('/', 'nirog.lang=bn').html).toBe(HOME.en);
    expect(new SpaPages(dist(false, ['en', 'bn'])).pageFor('/', 'nirog.lang=bn').html).toBe(HOME.bn);
    expect(new SpaPages(dist(false)).pageFor('/', 'nirog.lang=bn')).toEqual({ html: INDEX, varies: false });
  });
});

describe('the splash of a page the client renders, in its HTML on a session\'s first visit', () => {
  const SPLASH = {
    en: '<div id="nirog-splash" class="splash" aria-hidden="true" data-testid="splash"><div><p class="splash-title">Nirog</p></div></div>',
    bn: '<div id="nirog-splash" class="splash" aria-hidden="true" data-testid="splash"><div><p class="splash-title">নীরোগ</p></div></div>',
  };
  function withSplashes(langs: (keyof typeof SPLASH)[]): SpaPages {
    const dir = dist(true, ['en', 'en.splash']);
    mkdirSync(path.join(dir, 'prerendered'), { recursive: true });
    for (const lang of langs) writeFileSync(path.join(dir, 'prerendered', `splash.${lang}.html`), SPLASH[lang]);
    return new SpaPages(dir);
  }

  it('puts it before #root in the reader\'s language, says the page varies by cookie, and leaves it out once seen', () => {
    const pages = withSplashes(['en', 'bn']);
    const first = pages.pageFor('/cart', undefined);
    expect(first.html).toBe(INDEX.replace('<div id="root">', `${SPLASH.en}<div id="root">`));
    expect(first.varies).toBe(true);
    expect(pages.pageFor('/user-signin', 'nirog.lang=bn').html).toContain(`${SPLASH.bn}<div id="root">`);
    expect(pages.pageFor('/cart', `${SEEN}; nirog.lang=bn`).html).toBe(INDEX);
    // English when the build has no splash in the reader's language.
    expect(withSplashes(['en']).pageFor('/cart', 'nirog.lang=bn').html).toContain(SPLASH.en);
  });

  it('not on the home page: its prerendered page draws its own', () => {
    const pages = withSplashes(['en', 'bn']);
    expect(pages.pageFor('/', undefined).html).toBe(HOME['en.splash']);
  });

  it('an older build without the splash files: pages as before, not varying', () => {
    const pages = withSplashes([]);
    expect(pages.pageFor('/cart', undefined)).toEqual({ html: INDEX, varies: false });
  });
});
